// Package convert is a cache built on package kv. One method fills an
// absent entry under a lock-named API; the others write and delete
// whatever keys they are handed. kv's fmt.Sprint(key) converts any key,
// so it does not make Clear's key the lock-named method's: the DEL is no
// release, as it would not be with the commands written here.
package convert

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/fixtures/baredel/convert/kv"
)

// Cache keeps values in Redis.
type Cache struct{ rdb *redis.Client }

// FillLock writes v under key when it is absent, as a lock would.
func (c *Cache) FillLock(ctx context.Context, key any, v any) (bool, error) {
	return kv.SetIfAbsent(ctx, c.rdb, key, v, time.Minute)
}

// Clear deletes one entry.
func (c *Cache) Clear(ctx context.Context, key any) error {
	return kv.Remove(ctx, c.rdb, key) // ok: not the lock-named method's key
}
