// Package crosspkg releases and renews its locks through the helpers of
// package kv, which compare the value in Go and then write: the bug is
// reported at each call, where the key is known to be a lock, as get-del
// or get-expire and never also as bare-del.
package crosspkg

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"example.com/fixtures/getdel/crosspkg/kv"
)

// ErrNotAcquired is returned when another client holds the lock.
var ErrNotAcquired = errors.New("crosspkg: lock held elsewhere")

// Mutex is a lock on one key, with this holder's token.
type Mutex struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

// NewMutex returns a mutex on the named resource.
func NewMutex(rdb *redis.Client, name string) *Mutex {
	return &Mutex{rdb: rdb, key: "mutex:" + name, token: uuid.NewString(), ttl: 30 * time.Second}
}

// Lock acquires the mutex.
func (m *Mutex) Lock(ctx context.Context) error {
	ok, err := m.rdb.SetNX(ctx, m.key, m.token, m.ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotAcquired
	}
	return nil
}

// Unlock releases the mutex through a helper that reads, compares and
// deletes in three steps.
func (m *Mutex) Unlock(ctx context.Context) error {
	_, err := kv.DeleteIfEquals(ctx, m.rdb, m.key, m.token) // want `DeleteIfEquals \(DEL at kv.go:22\) deletes lock key m.key \(acquired by SetNX at lock.go:36\) after Get at kv.go:15 compared its value in Go`
	return err
}

// Extend renews the mutex the same way.
func (m *Mutex) Extend(ctx context.Context) error {
	return kv.ExpireIfEquals(ctx, m.rdb, m.key, m.token, m.ttl) // want `ExpireIfEquals \(EXPIRE at kv.go:30\) renews lock key m.key \(acquired by SetNX at lock.go:36\) after Get at kv.go:27 compared its value in Go`
}

// UnlockWatched deletes from the Watch callback without MULTI.
func (m *Mutex) UnlockWatched(ctx context.Context) error {
	return kv.DeleteWatched(ctx, m.rdb, m.key, m.token) // want `DeleteWatched \(DEL at kv.go:40\) deletes lock key m.key`
}

// UnlockOwned goes through a helper whose own package reports it.
func (m *Mutex) UnlockOwned(ctx context.Context) error {
	return kv.ReleaseOwned(ctx, m.rdb, m.key, m.token) // ok: reported in kv, at its DEL
}

// UnlockMatching goes through a WATCH transaction: owner-checked.
func (m *Mutex) UnlockMatching(ctx context.Context) error {
	return kv.DeleteMatching(ctx, m.rdb, m.key, m.token) // ok: WATCH transaction in the helper
}
