// Package locks takes and releases locks through a struct and free
// functions.
package locks

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrHeld = errors.New("locks: held")

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *Lock) Lock(ctx context.Context, ttl time.Duration) error {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrHeld
	}
	return nil
}

func (l *Lock) Unlock(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err()
}

// Renew reads n, which the assignment's left side (that stays) assigns.
func Renew(ctx context.Context, rdb *redis.Client, key string) int {
	n := 0
	n = int(rdb.PTTL(ctx, key).Val()) + n
	go func() {
		_, _ = rdb.Get(ctx, key).Result()
	}()
	return n
}

// Shared: the key's address is taken, so another call could change it.
func Shared(ctx context.Context, rdb *redis.Client, key string) {
	p := &key
	rdb.Del(ctx, key)
	_ = p
}

// Local uses a constant of its own: it stays.
func Local(ctx context.Context, rdb *redis.Client) {
	const k = "lock:local"
	rdb.Del(ctx, k)
}

func Directive(ctx context.Context, rdb *redis.Client, key string) {
	//leasevet:ignore baredel the key is never shared
	rdb.Del(ctx, key)
}
