package v9

import (
	"context"
	"math/rand/v2"
	"time"
)

// WaitDeadline sleeps with jitter and gives up at a deadline.
func (l *Lock) WaitDeadline(ctx context.Context, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) { // ok: a pause and a deadline
		ok, err := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(50*time.Millisecond + rand.N(50*time.Millisecond))
	}
	return ErrTimeout
}

// WaitContext waits on a timer or the context.
func (l *Lock) WaitContext(ctx context.Context) error {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for { // ok: select without default, ctx.Done() returns
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
		}
		ok, err := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		timer.Reset(100 * time.Millisecond)
	}
}

// WaitBackoff pauses through a helper of its own and counts attempts.
func (l *Lock) WaitBackoff(ctx context.Context) error {
	for attempt := 0; attempt < 8; attempt++ { // ok: pause in pause(), bounded by attempt
		ok, err := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if err := pause(ctx, attempt); err != nil {
			return err
		}
	}
	return ErrTimeout
}

// pause waits 10ms << attempt or until ctx ends.
func pause(ctx context.Context, attempt int) error {
	t := time.NewTimer(10 * time.Millisecond << attempt)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// TryLock is the one-shot acquire of the blocking wrappers below.
func (l *Lock) TryLock(ctx context.Context) bool {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
	return err == nil && ok
}

// LockCtx waits through the wrapper until ctx is done.
func (l *Lock) LockCtx(ctx context.Context) error {
	for !l.TryLock(ctx) { // ok: sleeps, and ctx.Err() ends it
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil
}

// LockBlind waits through the wrapper without end, pausing each time.
func (l *Lock) LockBlind(ctx context.Context) {
	for !l.TryLock(ctx) { // want `loop retries TryLock \(SET NX at good.go:77\) \(at good.go:94\) until it succeeds with no other way out`
		time.Sleep(20 * time.Millisecond)
	}
}

// MarkAll sets one marker per item: a range loop is not a wait.
func (l *Lock) MarkAll(ctx context.Context, ids []string) {
	for _, id := range ids { // ok: not a retry loop
		l.rdb.SetNX(ctx, "seen:"+id, 1, time.Hour)
	}
}
