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
