// Package compat holds split acquires written with rueidiscompat, the
// go-redis-shaped adapter of rueidis.
package compat

import (
	"context"
	"time"

	"github.com/redis/rueidis/rueidiscompat"
)

// Lock acquires without a TTL and sets it afterwards.
func Lock(ctx context.Context, c rueidiscompat.Cmdable, name, token string) (bool, error) {
	ok, err := c.SetNX(ctx, "lock:"+name, token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	c.Expire(ctx, "lock:"+name, 30*time.Second) // want `Expire sets the TTL of lock key "lock:" \+ name only after SetNX acquired it`
	return true, nil
}

// LockOK is correct.
func LockOK(ctx context.Context, c rueidiscompat.Cmdable, name, token string) (bool, error) {
	return c.SetNX(ctx, "lock:ok:"+name, token, 30*time.Second).Result()
}

// LockStaged names its key and TTL in locals first: the TTL of the
// acquire is still none.
func LockStaged(ctx context.Context, c rueidiscompat.Cmdable, name, token string) (bool, error) {
	key := "lock:staged:" + name
	noTTL := time.Duration(0)
	ok, err := c.SetNX(ctx, key, token, noTTL).Result()
	if err != nil || !ok {
		return false, err
	}
	c.Expire(ctx, key, time.Minute) // want `Expire sets the TTL of lock key "lock:staged:" \+ name only after SetNX acquired it`
	return true, nil
}

// LockStagedOK is correct: the local holds a TTL.
func LockStagedOK(ctx context.Context, c rueidiscompat.Cmdable, name, token string) (bool, error) {
	ttl := time.Minute
	return c.SetNX(ctx, "lock:staged:ok:"+name, token, ttl).Result()
}
