// Package legacy renews locks held through go-redis v8 and redigo.
package legacy

import (
	"context"
	"time"

	"github.com/go-redis/redis/v8"
)

type Lock struct {
	rdb   redis.Cmdable
	key   string
	token string
}

func (l *Lock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

// Refresh gets an inline compare-and-expire script with the v8 import.
func (l *Lock) Refresh(ctx context.Context, ttl time.Duration) error {
	return l.rdb.Expire(ctx, l.key, ttl).Err() // want `Expire renews lock key l.key with a new TTL \(acquired by SetNX at v8.go:18\).*; renew with a compare-and-expire script$`
}

func (l *Lock) Unlock(ctx context.Context) error {
	n, err := l.rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{l.key}, l.token).Int()
	if err == nil && n == 0 {
		return redis.Nil
	}
	return err
}
