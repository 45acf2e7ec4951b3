// Package acquireloop waits for gredis locks in loops, with and without a
// pause and a way out.
package acquireloop

import (
	"context"
	"errors"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
)

var errTimeout = errors.New("acquireloop: lock not acquired in time")

// Lock is a hand-written lock on gredis.
type Lock struct {
	redis *gredis.Redis
	key   string
	token string
	ttl   int64
}

// Spin retries as fast as the network allows, for good.
func (l *Lock) Spin(ctx context.Context) {
	for { // want `loop retries SetNX on lock key l.key \(at lock.go:26\) until it succeeds with nothing that waits` `with no other way out`
		ok, _ := l.redis.SetNX(ctx, l.key, l.token)
		if ok {
			break
		}
	}
	l.redis.Expire(ctx, l.key, l.ttl)
}

// Wait pauses between attempts but never gives up.
func (l *Lock) Wait(ctx context.Context) {
	for { // want `loop retries Set on lock key l.key \(at lock.go:37\) until it succeeds with no other way out`
		if reply, _ := l.redis.Set(ctx, l.key, l.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &l.ttl}}); !reply.IsNil() {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Tries has an attempt limit but no pause.
func (l *Lock) Tries(ctx context.Context) bool {
	for i := 0; i < 1000; i++ { // want `loop retries SetNX on lock key l.key \(at lock.go:47\) until it succeeds with nothing that waits`
		if ok, _ := l.redis.SetNX(ctx, l.key, l.token); ok {
			return true
		}
	}
	return false
}

// Acquire is correct: a pause, and the context's deadline as a way out.
func (l *Lock) Acquire(ctx context.Context) error {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		reply, err := l.redis.Set(ctx, l.key, l.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &l.ttl}})
		if err != nil {
			return err
		}
		if !reply.IsNil() {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// AcquireWithin is correct: a pause and a deadline of its own.
func (l *Lock) AcquireWithin(ctx context.Context, d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if ok, err := l.redis.SetNX(ctx, l.key, l.token); err != nil || ok {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
	return errTimeout
}
