// Package legacy releases locks with GET-compare-DEL on go-redis v8 and
// redigo.
package legacy

import (
	"context"
	"errors"
	"time"

	"github.com/go-redis/redis/v8"
)

var ErrNotHeld = errors.New("legacy: lock not held")

type Locker struct {
	rdb *redis.ClusterClient
}

func (l *Locker) Lock(ctx context.Context, name, token string, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, "lock:"+name, token, ttl).Result()
}

// Unlock compares in Go; the fix replaces the GET, the compare and the DEL
// with a compare-and-delete script built with the v8 import, using the
// compared token: a token that differs stays an error (the script's).
func (l *Locker) Unlock(ctx context.Context, name, token string) error {
	key := "lock:" + name
	cur, err := l.rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	if cur == token {
		return l.rdb.Del(ctx, key).Err() // want `Del deletes lock key "lock:" \+ name \(acquired by SetNX at v8.go:20\) after Get at v8.go:28 compared its value in Go`
	}
	return ErrNotHeld
}

// TryUnlock answers a token that differs with false; the fix makes the
// script's failure (a token that differs, or a failed call) that answer.
func (l *Locker) TryUnlock(ctx context.Context, name, token string) bool {
	key := "lock:" + name
	if l.rdb.Get(ctx, key).Val() != token {
		return false
	}
	l.rdb.Del(ctx, key) // want `Del deletes lock key "lock:" \+ name \(acquired by SetNX at v8.go:20\) after Get at v8.go:42 compared its value in Go`
	return true
}

// UnlockQuiet answers a token that differs with success: the v8 fix's
// script answers it with an error reply, which cannot be told apart from
// a failure, so there is no fix.
func (l *Locker) UnlockQuiet(ctx context.Context, name, token string) error {
	key := "lock:" + name
	cur, err := l.rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	if cur != token {
		return nil
	}
	return l.rdb.Del(ctx, key).Err() // want `Del deletes lock key "lock:" \+ name \(acquired by SetNX at v8.go:20\) after Get at v8.go:\d+ compared its value in Go`
}
