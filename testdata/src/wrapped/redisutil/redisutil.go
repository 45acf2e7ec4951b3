// Package redisutil wraps a shared go-redis client in helpers taking only
// keys, as many codebases do; it knows nothing about locks.
package redisutil

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var client redis.UniversalClient

// Init sets the shared client.
func Init(c redis.UniversalClient) { client = c }

func SetNX(ctx context.Context, key string, value any, ttl time.Duration) (bool, error) {
	return client.SetNX(ctx, key, value, ttl).Result()
}

func Get(ctx context.Context, key string) (string, error) {
	return client.Get(ctx, key).Result()
}

func Del(ctx context.Context, key string) error {
	return client.Del(ctx, key).Err()
}

func Expire(ctx context.Context, key string, ttl time.Duration) error {
	return client.Expire(ctx, key, ttl).Err()
}
