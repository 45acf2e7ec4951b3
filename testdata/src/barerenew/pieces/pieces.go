// Package pieces puts together a job lock from the helpers of package
// steps: the call right after the acquire completes a split acquire
// (setnxexpire's finding, not a renewal); the call in the keeper's loop
// renews the lock without checking its owner.
package pieces

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/fixtures/barerenew/pieces/steps"
)

// Acquire takes the job's lock, then gives it a TTL.
func Acquire(ctx context.Context, rdb *redis.Client, job, token string, ttl time.Duration) (bool, error) {
	ok, err := steps.Take(ctx, rdb, job, token)
	if err != nil || !ok {
		return false, err
	}
	return true, steps.SetTTL(ctx, rdb, job, ttl) // ok: the second half of the acquire
}

// Keep renews the job's lock until done is closed.
func Keep(ctx context.Context, rdb *redis.Client, job string, ttl time.Duration, done <-chan struct{}) {
	tick := time.NewTicker(ttl / 3)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			if err := steps.SetTTL(ctx, rdb, job, ttl); err != nil { // want `SetTTL \(EXPIRE at steps.go:23\) renews lock key .* without checking the owner token`
				return
			}
		}
	}
}

// Start takes the job's lock, gives it a TTL with Prolong, and keeps
// renewing it with Prolong until done is closed.
func Start(ctx context.Context, rdb *redis.Client, job, token string, ttl time.Duration, done <-chan struct{}) bool {
	if ok, err := steps.Take(ctx, rdb, job, token); err != nil || !ok {
		return false
	}
	if err := steps.Prolong(ctx, rdb, job, ttl); err != nil { // ok: the second half of the acquire
		return false
	}
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(ttl / 3):
				_ = steps.Prolong(ctx, rdb, job, ttl) // want `Prolong \(EXPIRE at steps.go:33\) renews lock key .* without checking the owner token`
			}
		}
	}()
	return true
}
