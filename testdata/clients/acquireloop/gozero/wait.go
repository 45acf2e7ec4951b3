// Package gozero waits for locks on go-zero's redis, by hand and with
// go-zero's RedisLock.
package gozero

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

var (
	ErrTimeout = errors.New("gozero: timed out waiting for the lock")
	ErrNotHeld = errors.New("gozero: the lock was no longer held")
)

// Mutex is a hand-written lock over one key.
type Mutex struct {
	rds   *redis.Redis
	key   string
	token string
	ttl   int // seconds
}

// Lock retries SetnxEx with no pause.
func (m *Mutex) Lock() error {
	for { // want `loop retries SetnxEx on lock key m.key \(at wait.go:30\) until it succeeds with nothing that waits between attempts`
		ok, err := m.rds.SetnxEx(m.key, m.token, m.ttl)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
}

// LockForever pauses but never gives up.
func (m *Mutex) LockForever(ctx context.Context) {
	for { // want `loop retries SetnxExCtx on lock key m.key \(at wait.go:43\) until it succeeds with no other way out`
		ok, _ := m.rds.SetnxExCtx(ctx, m.key, m.token, m.ttl)
		if ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// LockSkipping retries at once after an error.
func (m *Mutex) LockSkipping(ctx context.Context) error {
	for attempt := 0; attempt < 50; attempt++ { // want `the branch on err != nil \(at wait.go:55\) comes round again without the pause at wait.go:61`
		ok, err := m.rds.SetnxExCtx(ctx, m.key, m.token, m.ttl)
		if err != nil {
			continue
		}
		if ok {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return ErrTimeout
}

// LockPatiently pauses with jitter and gives up with ctx: correct.
func (m *Mutex) LockPatiently(ctx context.Context) error {
	for { // ok: a pause on every way, ctx bounds it
		ok, err := m.rds.SetnxExCtx(ctx, m.key, m.token, m.ttl)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20*time.Millisecond + rand.N(20*time.Millisecond)):
		}
	}
}

// Unlock deletes the key only when it still holds our token.
func (m *Mutex) Unlock() error {
	n, err := m.rds.Eval(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{m.key}, m.token)
	if err != nil {
		return err
	}
	if n != int64(1) {
		return ErrNotHeld
	}
	return nil
}

// WithRedisLock retries go-zero's RedisLock with a pause and a bound:
// correct.
func WithRedisLock(ctx context.Context, rds *redis.Redis, run func()) error {
	lock := redis.NewRedisLock(rds, "lock:report")
	lock.SetExpire(30)
	for attempt := 0; attempt < 20; attempt++ { // ok: a pause, an attempt limit
		ok, err := lock.AcquireCtx(ctx)
		if err != nil {
			return err
		}
		if ok {
			run()
			released, err := lock.ReleaseCtx(context.WithoutCancel(ctx))
			if err == nil && !released {
				err = ErrNotHeld
			}
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return ErrTimeout
}
