package legacy

import (
	"errors"
	"fmt"

	"github.com/gomodule/redigo/redis"
)

// TakeLease takes the scheduler's lease for one job.
func TakeLease(conn redis.Conn, job, owner string, ttlSeconds int64) error {
	reply, err := conn.Do("SET", "lease:"+job, owner, "NX", "EX", ttlSeconds)
	if err != nil {
		return err
	}
	if reply == nil {
		return fmt.Errorf("lease %s is held", job)
	}
	return nil
}

// DropLease deletes the lease when the value read back is the owner's,
// the DEL's error assigned and returned in the if's body: the fix leaves
// the compare-and-delete script and its error return in the if's place.
func DropLease(conn redis.Conn, job, owner string) error {
	cur, err := redis.String(conn.Do("GET", "lease:"+job))
	if err != nil {
		return err
	}
	if cur == owner {
		_, err := conn.Do("DEL", "lease:"+job) // want `Do\("DEL"\) deletes lock key "lease:" \+ job \(acquired by Do\("SET"\) at lease.go:12\) after Do\("GET"\) at lease.go:26 compared its value in Go`
		return err
	}
	return errors.New("lease owned by another scheduler")
}

// DropLeaseMissingOK keeps the GET for its own answer to a missing key
// (redis.ErrNil is no failure), so err stays declared where the body
// would move: no fix.
func DropLeaseMissingOK(conn redis.Conn, job, owner string) error {
	cur, err := redis.String(conn.Do("GET", "lease:"+job))
	if err == redis.ErrNil {
		return nil
	}
	if cur == owner {
		_, err := conn.Do("DEL", "lease:"+job) // want `Do\("DEL"\) deletes lock key "lease:" \+ job \(acquired by Do\("SET"\) at lease.go:12\) after Do\("GET"\) at lease.go:41 compared its value in Go`
		return err
	}
	return errors.New("lease owned by another scheduler")
}

// DropLeaseCounted reads the DEL's count in the body: not the error
// alone, so no fix.
func DropLeaseCounted(conn redis.Conn, job, owner string) error {
	cur, err := redis.String(conn.Do("GET", "lease:"+job))
	if err != nil {
		return err
	}
	if cur == owner {
		n, err := redis.Int(conn.Do("DEL", "lease:"+job)) // want `Do\("DEL"\) deletes lock key "lease:" \+ job \(acquired by Do\("SET"\) at lease.go:12\) after Do\("GET"\) at lease.go:55 compared its value in Go`
		return fmt.Errorf("dropped %d: %w", n, err)
	}
	return errors.New("lease owned by another scheduler")
}
