package baredel

import (
	"context"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/util/gconv"
)

// Cache has generic helpers that lock methods call: AcquireLock and
// ReleaseLock name the key a lock (no sibling Acquire or Release of their
// signature makes Lock a variant's mark), so the bug is remove's DEL.
type Cache struct {
	redis *gredis.Redis
}

func (c *Cache) setIfAbsent(ctx context.Context, key string, value any, ttl int64) (bool, error) {
	reply, err := c.redis.Set(ctx, key, value, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: gconv.PtrInt64(ttl)}})
	return !reply.IsNil(), err
}

func (c *Cache) remove(ctx context.Context, key string) error {
	_, err := c.redis.Del(ctx, key) // want `Del releases lock key passed to Cache.remove as key \(acquired by setIfAbsent \(SET NX at generic.go:18\) at generic.go:\d+\) without checking the owner token`
	return err
}

// AcquireLock takes key for half a minute.
func (c *Cache) AcquireLock(ctx context.Context, key, token string) (bool, error) {
	return c.setIfAbsent(ctx, key, token, 30)
}

// ReleaseLock deletes key, whoever holds it.
func (c *Cache) ReleaseLock(ctx context.Context, key string) error {
	return c.remove(ctx, key)
}
