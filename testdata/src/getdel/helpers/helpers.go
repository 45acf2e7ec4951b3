// Package helpers renews and releases a lock with GET-compare-write
// helpers that its callers use: each bug is reported in the helper, at its
// command, and not again at the calls.
package helpers

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotHeld = errors.New("helpers: lock not held")

type Lease struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

func New(rdb *redis.Client, name, token string, ttl time.Duration) *Lease {
	return &Lease{rdb: rdb, key: "lock:lease:" + name, token: token, ttl: ttl}
}

func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// extend renews when the key still holds the token.
func (l *Lease) extend(ctx context.Context) error {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil {
		return err
	}
	if v != l.token {
		return ErrNotHeld
	}
	return l.rdb.PExpire(ctx, l.key, l.ttl).Err() // want `PExpire renews lock key l.key \(acquired by SetNX at helpers.go:28\) after Get at helpers.go:33 compared its value in Go`
}

// release deletes when the key still holds the token.
func (l *Lease) release(ctx context.Context) error {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil {
		return err
	}
	if v != l.token {
		return ErrNotHeld
	}
	return l.rdb.Del(ctx, l.key).Err() // want `Del deletes lock key l.key \(acquired by SetNX at helpers.go:28\) after Get at helpers.go:45 compared its value in Go`
}

// Keep renews until the work is done, then releases.
func (l *Lease) Keep(ctx context.Context, done <-chan struct{}) error {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-done:
			return l.release(ctx) // ok: reported in release
		case <-t.C:
			if err := l.extend(ctx); err != nil { // ok: reported in extend
				return err
			}
		}
	}
}

// Check reads the value, then renews through extend.
func (l *Lease) Check(ctx context.Context) (bool, error) {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil || v != l.token {
		return false, err
	}
	return true, l.extend(ctx) // ok: reported in extend
}
