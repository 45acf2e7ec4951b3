// Package wrappedacquire holds a mutex whose acquire is a helper method
// and whose watchdog, started where the helper is called, renews with a
// bare EXPIRE. The token the helper writes, m.token, is a field of the
// same receiver there, so the renewal is fixed with safelock.Refresh on
// it.
package wrappedacquire

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Mutex is a lock on one key, renewed while held.
type Mutex struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

func (m *Mutex) tryLock(ctx context.Context) (bool, error) {
	return m.rdb.SetNX(ctx, m.key, m.token, m.ttl).Result()
}

// Hold runs work under the lock, renewing it until work returns.
func (m *Mutex) Hold(ctx context.Context, work func()) error {
	ok, err := m.tryLock(ctx)
	if err != nil || !ok {
		return err
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		tick := time.NewTicker(m.ttl / 3)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if err := m.rdb.Expire(ctx, m.key, m.ttl).Err(); err != nil { // want `Expire renews lock key m.key with a new TTL \(acquired by tryLock \(SET NX at mutex.go:24\) at mutex.go:29\) without checking the owner token`
					return
				}
			}
		}
	}()
	work()
	return nil
}
