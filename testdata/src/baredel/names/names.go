// Package names takes named locks through a helper pair: the key family
// "lock:"+name links Acquire(name) and Release(name).
package names

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Locker struct {
	rdb *redis.Client
}

func NewLocker(rdb *redis.Client) *Locker { return &Locker{rdb: rdb} }

// Acquire stores the caller's token under "lock:"+name.
func (l *Locker) Acquire(ctx context.Context, name, token string, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, "lock:"+name, token, ttl).Result()
}

// Release has no token to compare with: no fix.
func (l *Locker) Release(ctx context.Context, name string) error {
	return l.rdb.Del(ctx, "lock:"+name).Err() // want `Del releases lock key "lock:" \+ name \(acquired by SetNX at names.go:20\) without checking the owner token`
}

// MarkProcessed is a dedup marker: SetNX alone, never released.
func (l *Locker) MarkProcessed(ctx context.Context, id string) (bool, error) {
	return l.rdb.SetNX(ctx, "processed:"+id, 1, 24*time.Hour).Result() // ok: a dedup marker
}

// Forget drops a cache entry that was never acquired.
func (l *Locker) Forget(ctx context.Context, id string) {
	l.rdb.Del(ctx, "profile:"+id) // ok: a cache key
}
