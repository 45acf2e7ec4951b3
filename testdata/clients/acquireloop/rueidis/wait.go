// Package rueidis waits for locks on rueidis, whose SET NX answers a held
// key with a nil error (rueidis.Nil), and with rueidislock.
package rueidis

import (
	"context"
	"errors"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
)

var ErrNotHeld = errors.New("rueidis: the lock was no longer held")

// Mutex is a hand-written lock over one key.
type Mutex struct {
	c     rueidis.Client
	key   string
	token string
	ttl   time.Duration
}

// Lock retries SET NX until its error is nil, with no pause.
func (m *Mutex) Lock(ctx context.Context) error {
	for { // want `loop retries Set on lock key m.key \(at wait.go:27\) until it succeeds with nothing that waits between attempts`
		err := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build()).Error()
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
	}
}

// LockUntilSet retries while SET NX fails, pausing, with no way out.
func (m *Mutex) LockUntilSet(ctx context.Context) {
	cmd := m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build()
	for err := m.c.Do(ctx, cmd).Error(); err != nil; err = m.c.Do(ctx, cmd).Error() { // want `loop retries Set on lock key m.key \(at wait.go:40\) until it succeeds with no other way out`
		time.Sleep(50 * time.Millisecond)
	}
}

// LockPatiently pauses between attempts and gives up with ctx: correct.
func (m *Mutex) LockPatiently(ctx context.Context) error {
	ticker := time.NewTicker(25 * time.Millisecond)
	defer ticker.Stop()
	for { // ok: waits on the ticker or ctx
		err := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build()).Error()
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
	}
}

// Unlock deletes the key only when it still holds our token.
func (m *Mutex) Unlock(ctx context.Context) error {
	n, err := rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`).
		Exec(ctx, m.c, []string{m.key}, []string{m.token}).AsInt64()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrNotHeld
	}
	return nil
}

// WithLocker waits in rueidislock, which retries on its own schedule:
// correct.
func WithLocker(ctx context.Context, locker rueidislock.Locker, run func(context.Context)) error {
	for { // ok: WithContext waits for the lock
		lctx, cancel, err := locker.WithContext(ctx, "report")
		if err == nil {
			run(lctx)
			cancel()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}
