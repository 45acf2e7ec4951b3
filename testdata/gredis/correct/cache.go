package correct

import (
	"context"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/util/gconv"
)

// Func computes a cache value.
type Func func(ctx context.Context) (any, error)

// CacheAdapter is a cache on Redis. Its ...FuncLock methods are the
// variants that compute the value under the cache's mutex: their lock
// word tells them from the methods of the same signature named without
// it, and names no Redis lock. The keys are the caller's cache keys.
type CacheAdapter struct {
	redis *gredis.Redis
}

// SetIfNotExist sets key to value with its TTL when key does not exist;
// a nil value or a negative TTL deletes key instead.
func (c *CacheAdapter) SetIfNotExist(ctx context.Context, key any, value any, ttl time.Duration) (bool, error) {
	redisKey := gconv.String(key)
	if ttl < 0 || value == nil {
		n, err := c.redis.Del(ctx, redisKey)
		return n == 1, err
	}
	reply, err := c.redis.Set(ctx, redisKey, value, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{PX: gconv.PtrInt64(ttl.Milliseconds())}})
	if err != nil {
		return false, err
	}
	return !reply.IsNil(), nil
}

// SetIfNotExistFunc sets key to what f computes when key does not exist.
func (c *CacheAdapter) SetIfNotExistFunc(ctx context.Context, key any, f Func, ttl time.Duration) (bool, error) {
	value, err := f(ctx)
	if err != nil {
		return false, err
	}
	return c.SetIfNotExist(ctx, key, value, ttl)
}

// SetIfNotExistFuncLock is SetIfNotExistFunc with f run under the mutex.
func (c *CacheAdapter) SetIfNotExistFuncLock(ctx context.Context, key any, f Func, ttl time.Duration) (bool, error) {
	value, err := f(ctx)
	if err != nil {
		return false, err
	}
	return c.SetIfNotExist(ctx, key, value, ttl)
}

// Remove deletes keys from the cache.
func (c *CacheAdapter) Remove(ctx context.Context, keys ...any) error {
	_, err := c.redis.Del(ctx, gconv.Strings(keys)...)
	return err
}
