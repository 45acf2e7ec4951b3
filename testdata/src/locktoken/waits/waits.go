// Package waits shows the "wait" lock evidence: an acquire retried in a
// loop until it succeeds is a lock, whatever its key is called; a loop
// that sets one marker per item is not.
package waits

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Claim spins until it holds "report:"+day.
func Claim(ctx context.Context, rdb *redis.Client, day string) error {
	for {
		ok, err := rdb.SetNX(ctx, "report:"+day, "1", time.Minute).Result() // want `SetNX writes the constant "1" \(waits.go:17\) as the value of lock key "report:" \+ day`
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// ClaimWithin retries under the loop's own condition.
func ClaimWithin(ctx context.Context, rdb *redis.Client, job string, tries int) bool {
	got := false
	for i := 0; !got && i < tries; i++ {
		got = rdb.SetNX(ctx, "job:"+job, "worker", time.Minute).Val() // want `SetNX writes the constant "worker" \(waits.go:32\) as the value of lock key "job:" \+ job`
		time.Sleep(time.Second)
	}
	return got
}

var errBad = errors.New("bad item")

// MarkAll sets a marker per item; the return inside is the work's error
// path, not a wait for the marker.
func MarkAll(ctx context.Context, rdb *redis.Client, ids []string, handle func(string) error) error {
	for i := 0; i < len(ids); i++ {
		if rdb.SetNX(ctx, "seen:"+ids[i], 1, 24*time.Hour).Val() { // ok: a marker per item
			if err := handle(ids[i]); err != nil {
				return errBad
			}
		}
	}
	return nil
}

// Drain skips messages already seen: continue is no wait.
func Drain(ctx context.Context, rdb *redis.Client, next func() (string, bool)) {
	for {
		id, more := next()
		if !more {
			return
		}
		if !rdb.SetNX(ctx, "delivered:"+id, 1, time.Hour).Val() { // ok: a dedup marker
			continue
		}
	}
}

// ClaimHeld is Claim with the command held in a local before its answer
// is read: the same retry loop, the same lock.
func ClaimHeld(ctx context.Context, rdb *redis.Client, day string) error {
	for {
		cmd := rdb.SetNX(ctx, "export:"+day, "1", time.Minute) // want `SetNX writes the constant "1" \(waits.go:70\) as the value of lock key "export:" \+ day`
		ok, err := cmd.Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}
