// Package missingkey releases locks whose GET answers a missing key on its
// own, before the compare: the key already gone is "already unlocked". The
// fix keeps the GET for that answer and replaces the compare and the DEL
// with one owner-checked release, which also refuses a key that expired
// and was taken between the GET and the release.
package missingkey

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNotHeld is returned when the lock belongs to another owner.
var ErrNotHeld = errors.New("missingkey: lock held by another owner")

// Mutex is a lock on one key.
type Mutex struct {
	rdb   *redis.Client
	key   string
	token string
}

// TryLock takes the lock for ttl.
func (m *Mutex) TryLock(ctx context.Context, ttl time.Duration) (bool, error) {
	return m.rdb.SetNX(ctx, m.key, m.token, ttl).Result()
}

// Unlock releases the lock; a key already gone is no error.
func (m *Mutex) Unlock(ctx context.Context) error {
	val, err := m.rdb.Get(ctx, m.key).Result()
	if err == redis.Nil {
		return nil // already unlocked
	}
	if err != nil {
		return err
	}
	if val != m.token {
		return ErrNotHeld
	}
	return m.rdb.Del(ctx, m.key).Err() // want `Del deletes lock key m.key \(acquired by SetNX at mutex.go:29\) after Get at mutex.go:34 compared its value in Go`
}

// UnlockLogged logs the value it read: the GET's value is used past the
// compare, so there is no fix.
func (m *Mutex) UnlockLogged(ctx context.Context) error {
	val, err := m.rdb.Get(ctx, m.key).Result()
	if err == redis.Nil {
		return nil
	}
	if err != nil {
		return err
	}
	if val != m.token {
		return ErrNotHeld
	}
	log.Printf("releasing %s held by %s", m.key, val)
	return m.rdb.Del(ctx, m.key).Err() // want `Del deletes lock key m.key \(acquired by SetNX at mutex.go:29\) after Get at mutex.go:50 compared its value in Go`
}

// UnlockQuiet answers a lock that is no longer ours with success: the fix
// releases with one owner-checked call and keeps a token that differs a
// success (safelock.ErrNotOwner), as it does a key already gone, which
// the GET answered with redis.Nil.
func (m *Mutex) UnlockQuiet(ctx context.Context) error {
	val, err := m.rdb.Get(ctx, m.key).Result()
	if err != nil {
		return err
	}
	if val != m.token {
		return nil
	}
	return m.rdb.Del(ctx, m.key).Err() // want `Del deletes lock key m.key \(acquired by SetNX at mutex.go:29\) after Get at mutex.go:\d+ compared its value in Go`
}
