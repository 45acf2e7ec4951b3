package rueidis

import (
	"context"

	"github.com/redis/rueidis"
)

// errOf reads only the reply's error.
func errOf(res rueidis.RedisResult) error { return res.Error() }

// LockHeld holds the reply and hands it to errOf: the loop reads the
// answer there, and spins as Lock does.
func (m *Mutex) LockHeld(ctx context.Context) error {
	for { // want `loop retries Set on lock key m.key \(at held.go:16\) until it succeeds with nothing that waits between attempts`
		res := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build())
		err := errOf(res)
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
	}
}

// checked reads the reply through errOf.
func checked(res rueidis.RedisResult) error { return errOf(res) }

// LockChecked reads the answer through two functions: the same spin.
func (m *Mutex) LockChecked(ctx context.Context) {
	for { // want `loop retries Set on lock key m.key \(at held.go:33\) until it succeeds with nothing that waits between attempts` `with no other way out`
		res := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build())
		if checked(res) == nil {
			return
		}
	}
}
