package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"

	"example.com/clients/acquireloop/rueidis/reply"
)

// LockRead hands the reply to another package's reader of its error: the
// loop reads the answer there, and spins as Lock does.
func (m *Mutex) LockRead(ctx context.Context) error {
	for { // want `loop retries Set on lock key m.key \(at readers.go:16\) until it succeeds with nothing that waits between attempts`
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
