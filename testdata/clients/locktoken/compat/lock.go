// Package compat writes a constant lock value through rueidiscompat.
package compat

import (
	"context"
	"crypto/rand"
	"time"

	"github.com/redis/rueidis/rueidiscompat"
)

func Lock(ctx context.Context, c rueidiscompat.Cmdable, name string) (bool, error) {
	return c.SetNX(ctx, "lock:"+name, "held", time.Minute).Result() // want `SetNX writes the constant "held" \(lock.go:\d+\) as the value of lock key "lock:" \+ name`
}

// LockRandom is correct: a fresh random token.
func LockRandom(ctx context.Context, c rueidiscompat.Cmdable, name string) (bool, error) {
	return c.SetNX(ctx, "lock:random:"+name, rand.Text(), time.Minute).Result()
}
