package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"

	"example.com/clients/acquireloop/rueidis/redisx"
	"example.com/clients/acquireloop/rueidis/reply"
)

// LockRead hands the reply to another package's reader of its error: the
// loop reads the answer there, and spins as Lock does.
func (m *Mutex) LockRead(ctx context.Context) error {
	for { // want `loop retries Set on lock key m.key \(at readers.go:\d+\) until it succeeds with nothing that waits between attempts`
		res := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build())
		err := reply.Err(res)
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
	}
}

// LockReadPaused reads it the same way and waits between attempts:
// correct.
func (m *Mutex) LockReadPaused(ctx context.Context) error {
	for {
		res := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build())
		err := reply.Err(res)
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// LockReadAgain reads the answer through a package that hands the reply
// to the reply package's reader: still only the error, and still a spin.
func (m *Mutex) LockReadAgain(ctx context.Context) error {
	for { // want `loop retries Set on lock key m.key \(at readers.go:\d+\) until it succeeds with nothing that waits between attempts`
		res := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build())
		err := redisx.Err(res)
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
	}
}

// LockReadAgainPaused reads it the same way and waits between attempts:
// correct.
func (m *Mutex) LockReadAgainPaused(ctx context.Context) error {
	for {
		res := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build())
		err := redisx.Err(res)
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}
