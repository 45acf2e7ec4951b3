// Package retry waits for a lock through a helper of another package
// whose error is the acquire's answer.
package retry

import (
	"context"
	"time"

	"example.com/clients/acquireloop/retry/rstore"
	"github.com/redis/rueidis"
)

// Mutex is a lock over one key.
type Mutex struct {
	c     rueidis.Client
	key   string
	token string
	ttl   time.Duration
}

// Lock retries until TryPut's error is nil, with no pause.
func (m *Mutex) Lock(ctx context.Context) error {
	for { // want `loop retries TryPut \(SET NX at rstore.go:14\) on lock key m.key \(at retry.go:24\) until it succeeds with nothing that waits between attempts`
		err := rstore.TryPut(ctx, m.c, m.key, m.token, m.ttl)
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
	}
}

// LockPaced is correct: it waits between attempts and gives up with ctx.
func (m *Mutex) LockPaced(ctx context.Context) error {
	for {
		err := rstore.TryPut(ctx, m.c, m.key, m.token, m.ttl)
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

// Unlock releases with a compare-and-delete; false when the lock was no
// longer ours.
func (m *Mutex) Unlock(ctx context.Context) (bool, error) {
	n, err := unlock.Exec(ctx, m.c, []string{m.key}, []string{m.token}).AsInt64()
	return n == 1, err
}

var unlock = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// LockHeld holds the reply before reading its error, and spins.
func (m *Mutex) LockHeld(ctx context.Context) error {
	for { // want `loop retries Set on lock key m.key \(at retry.go:64\) until it succeeds with nothing that waits between attempts`
		res := m.c.Do(ctx, m.c.B().Set().Key(m.key).Value(m.token).Nx().Px(m.ttl).Build())
		err := res.Error()
		if err == nil {
			return nil
		}
		if !rueidis.IsRedisNil(err) {
			return err
		}
	}
}
