package legacy

import "github.com/gomodule/redigo/redis"

// LeaseError is the scheduler's own error type: its constructor answers
// a *LeaseError, which the functions below return as an error.
type LeaseError struct{ Job, Reason string }

func (e *LeaseError) Error() string { return e.Job + ": " + e.Reason }

func leaseError(job, reason string) *LeaseError { return &LeaseError{Job: job, Reason: reason} }

// DropLeaseTyped answers a token that differs with a *LeaseError: an
// error the compare-and-delete script's own error may take over.
func DropLeaseTyped(conn redis.Conn, job, owner string) error {
	cur, err := redis.String(conn.Do("GET", "lease:"+job))
	if err != nil {
		return err
	}
	if cur == owner {
		_, err := conn.Do("DEL", "lease:"+job) // want `Do\("DEL"\) deletes lock key "lease:" \+ job \(acquired by Do\("SET"\) at lease.go:12\) after Do\("GET"\) at apperr.go:16 compared its value in Go`
		return err
	}
	return leaseError(job, "owned by another scheduler")
}
