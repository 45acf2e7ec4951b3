// Package cache hides go-redis behind an interface of its own, the way
// services wrap their cache: importers see only Cache, never a go-redis
// type, and its one implementation is unexported.
package cache

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Cache interface {
	SetNX(ctx context.Context, key string, value any, ttl time.Duration) (bool, error)
	Get(ctx context.Context, key string) (string, error)
	Del(ctx context.Context, keys ...string) error
}

type redisCache struct{ rdb *redis.Client }

func New(rdb *redis.Client) Cache { return &redisCache{rdb: rdb} }

func (c *redisCache) SetNX(ctx context.Context, key string, value any, ttl time.Duration) (bool, error) {
	return c.rdb.SetNX(ctx, key, value, ttl).Result()
}

func (c *redisCache) Get(ctx context.Context, key string) (string, error) {
	return c.rdb.Get(ctx, key).Result()
}

// Del passes its variadic keys on whole: Del(ctx, k) sends DEL k.
func (c *redisCache) Del(ctx context.Context, keys ...string) error {
	return c.rdb.Del(ctx, keys...).Err()
}
