// Package rcmd names a service's lock keys and sends one command per
// helper over rueidiscompat.
package rcmd

import (
	"context"
	"time"

	"github.com/redis/rueidis/rueidiscompat"
)

func lockKey(name string) string { return "lock:" + name }

// Claim takes the lock key of name if it is free, with no TTL.
func Claim(ctx context.Context, c rueidiscompat.Cmdable, name, token string) (bool, error) {
	return c.SetNX(ctx, lockKey(name), token, 0).Result()
}

// ClaimFor takes it with a TTL.
func ClaimFor(ctx context.Context, c rueidiscompat.Cmdable, name, token string, ttl time.Duration) (bool, error) {
	return c.SetNX(ctx, lockKey(name), token, ttl).Result()
}

// Lease gives the lock key of name a TTL.
func Lease(ctx context.Context, c rueidiscompat.Cmdable, name string, ttl time.Duration) error {
	return c.Expire(ctx, lockKey(name), ttl).Err()
}

// ClaimThenLease does both itself: reported here, not at its callers.
func ClaimThenLease(ctx context.Context, c rueidiscompat.Cmdable, name, token string, ttl time.Duration) (bool, error) {
	ok, err := c.SetNX(ctx, lockKey(name), token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	return true, c.Expire(ctx, lockKey(name), ttl).Err() // want `Expire sets the TTL of lock key lockKey\(name\) only after SetNX acquired it`
}
