// Package ifacekv takes a lock through a store whose client sits behind
// an interface with one implementation: the store's commands are the
// client's, and its Remove deletes the lock of whoever holds it now.
package ifacekv

import (
	"context"
	"time"

	"example.com/clients/baredel/ifacekv/kv"
)

// TaskLock guards one task across workers.
type TaskLock struct {
	store *kv.Store
	key   string
	token string
}

// Lock takes the lock if it is free.
func (l *TaskLock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.store.PutIfAbsent(ctx, l.key, l.token, ttl)
}

// Unlock deletes the key without checking the token.
func (l *TaskLock) Unlock(ctx context.Context) {
	l.store.Remove(ctx, l.key) // want `Remove \(DEL at kv.go:48\) releases lock key l.key \(acquired by PutIfAbsent \(SET NX at kv.go:39\) at ifacekv.go:22\) without checking the owner token`
}

// Forget deletes a cache entry the store also holds: not a lock key.
func Forget(ctx context.Context, store *kv.Store, id string) {
	store.Remove(ctx, "cache:"+id)
}
