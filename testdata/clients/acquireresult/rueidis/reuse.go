package rueidis

import (
	"context"
	"errors"
	"time"

	"github.com/redis/rueidis"
)

var ErrLocked = errors.New("rueidis: lock held by another client")

// TakeAndLog overwrites the SET NX error, its only answer, with the
// audit push's before anything reads it.
func (l *Lock) TakeAndLog(ctx context.Context, ttl time.Duration, work func()) error {
	err := l.c.Do(ctx, l.c.B().Set().Key(l.key).Value(l.token).Nx().Px(ttl).Build()).Error() // want `Set acquires lock key l.key but never looks at whether it did \(neither the reply nor the error is read\)`
	err = l.c.Do(ctx, l.c.B().Lpush().Key("audit:locks").Element(l.key).Build()).Error()
	if err != nil {
		return err
	}
	defer l.c.Do(ctx, l.c.B().Del().Key(l.key).Build())
	work()
	return nil
}

// TakeThenLog reads the SET NX error before reusing err: correct.
func (l *Lock) TakeThenLog(ctx context.Context, ttl time.Duration, work func()) error {
	err := l.c.Do(ctx, l.c.B().Set().Key(l.key).Value(l.token).Nx().Px(ttl).Build()).Error() // ok: read before the reuse
	if rueidis.IsRedisNil(err) {
		return ErrLocked
	}
	if err != nil {
		return err
	}
	err = l.c.Do(ctx, l.c.B().Lpush().Key("audit:locks").Element(l.key).Build()).Error()
	if err != nil {
		return err
	}
	defer l.c.Do(ctx, l.c.B().Del().Key(l.key).Build())
	work()
	return nil
}
