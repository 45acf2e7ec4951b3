// Package compat releases a lock through rueidiscompat.
package compat

import (
	"context"
	"time"

	"github.com/redis/rueidis/rueidiscompat"
)

type Lock struct {
	c     rueidiscompat.Cmdable
	key   string
	token string
}

func (l *Lock) Lock(ctx context.Context) (bool, error) {
	return l.c.SetNX(ctx, l.key, l.token, 10*time.Second).Result()
}

func (l *Lock) Unlock(ctx context.Context) error {
	return l.c.Del(ctx, l.key).Err() // want `Del releases lock key l.key \(acquired by SetNX at lock.go:18\) without checking the owner token`
}
