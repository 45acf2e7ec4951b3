// Package kv is a key-value helper over go-redis that takes keys of any
// type and converts them with fmt.Sprint, as framework caches do. The
// converted key has no text of its own: it is whatever key the caller
// hands over.
package kv

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// SetIfAbsent writes v under key when no entry is there.
func SetIfAbsent(ctx context.Context, rdb *redis.Client, key any, v any, ttl time.Duration) (bool, error) {
	return rdb.SetNX(ctx, fmt.Sprint(key), v, ttl).Result()
}

// Remove deletes key.
func Remove(ctx context.Context, rdb *redis.Client, key any) error {
	return rdb.Del(ctx, fmt.Sprint(key)).Err()
}
