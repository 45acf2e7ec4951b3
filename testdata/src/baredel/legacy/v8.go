// Package legacy holds locks on the clients older services still use:
// go-redis v8 and redigo.
package legacy

import (
	"context"
	"errors"
	"time"

	"github.com/go-redis/redis/v8"
)

var ErrBusy = errors.New("legacy: lock busy")

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
		return ErrBusy
	}
	return nil
}

// Unlock gets an inline compare-and-delete script with the v8 import.
func (l *Lock) Unlock(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err() // want `Del releases lock key l.key \(acquired by SetNX at v8.go:22\)`
}

var ErrNotHeld = errors.New("legacy: lock not held")

// UnlockCounted reads DEL's count and its error in one test: the
// script's error reply, when the token differs, takes the same branch.
func (l *Lock) UnlockCounted(ctx context.Context) error {
	n, err := l.rdb.Del(ctx, l.key).Result() // want `Del releases lock key l.key \(acquired by SetNX at v8.go:22\)`
	if err != nil || n == 0 {
		return ErrNotHeld
	}
	return nil
}

// UnlockReported returns DEL's count after its test: the count of a
// script's reply is not an int64, so no fix.
func (l *Lock) UnlockReported(ctx context.Context) (int64, error) {
	n, err := l.rdb.Del(ctx, l.key).Result() // want `Del releases lock key l.key \(acquired by SetNX at v8.go:22\)`
	if err != nil || n != 1 {
		return 0, ErrNotHeld
	}
	return n, nil
}
