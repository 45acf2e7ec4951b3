// Package rueidis acquires locks on a rueidis client and through
// rueidislock, reading the answer or not.
package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
)

type Lock struct {
	c     rueidis.Client
	key   string
	token string
}

// Take drops the reply: when SET NX did not set the key, nothing says so.
func (l *Lock) Take(ctx context.Context, ttl time.Duration, work func()) {
	l.c.Do(ctx, l.c.B().Set().Key(l.key).Value(l.token).Nx().Px(ttl).Build()) // want `Set acquires lock key l.key but never looks at whether it did \(its result is discarded\)`
	defer l.c.Do(ctx, l.c.B().Del().Key(l.key).Build())
	work()
}

// TakeChecked reads the error: rueidis reports a nil reply (SET NX that
// did not set) as rueidis.Nil from .Error().
func (l *Lock) TakeChecked(ctx context.Context, ttl time.Duration, work func()) error {
	err := l.c.Do(ctx, l.c.B().Set().Key(l.key).Value(l.token).Nx().Px(ttl).Build()).Error() // ok: nil reply is an error
	if err != nil {
		return err
	}
	defer l.c.Do(ctx, l.c.B().Del().Key(l.key).Build())
	work()
	return nil
}

// Job uses rueidislock: a busy lock comes back as the error, checked.
func Job(ctx context.Context, locker rueidislock.Locker, run func(context.Context)) error {
	lctx, cancel, err := locker.TryWithContext(ctx, "job") // ok: the error says whether it was taken
	if err != nil {
		return err
	}
	defer cancel()
	run(lctx)
	return nil
}
