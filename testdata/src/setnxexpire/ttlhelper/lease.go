// Package ttlhelper holds leases whose acquire sends SET NX without a TTL
// and leaves the TTL to a helper of the same package, called after it.
// The bug is the helper's EXPIRE: it is reported there, once, with the
// calls that make it part of an acquire as related information, never at
// those calls.
package ttlhelper

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Lease is a named lease on a job queue.
type Lease struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

func NewLease(rdb *redis.Client, queue, token string, ttl time.Duration) *Lease {
	return &Lease{rdb: rdb, key: "lease:" + queue, token: token, ttl: ttl}
}

// expire gives the lease its TTL.
func (l *Lease) expire(ctx context.Context) error {
	return l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire sets the TTL of lock key l.key only after SetNX acquired it \(lease.go:35\)`
}

// Acquire takes the lease, then sets its TTL through expire.
func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	if err := l.expire(ctx); err != nil {
		return false, fmt.Errorf("lease ttl: %w", err)
	}
	return true, nil
}

// AcquireWait retries until it holds the lease; its expire is the same
// helper's command, reported once.
func (l *Lease) AcquireWait(ctx context.Context, every time.Duration) error {
	for {
		ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
		if err != nil {
			return err
		}
		if ok {
			return l.expire(ctx)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(every):
		}
	}
}

var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

// Release deletes the lease only while it holds our token.
func (l *Lease) Release(ctx context.Context) (bool, error) {
	n, err := releaseScript.Run(ctx, l.rdb, []string{l.key}, l.token).Int()
	return n == 1, err
}
