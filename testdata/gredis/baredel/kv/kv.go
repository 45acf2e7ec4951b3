// Package kv wraps GoFrame's default Redis client in helpers, as services
// do: its callers' commands are known through summary facts.
package kv

import (
	"context"

	"github.com/gogf/gf/v2/frame/g"
)

// SetNX stores value under key if absent.
func SetNX(ctx context.Context, key string, value any) (bool, error) {
	return g.Redis().SetNX(ctx, key, value)
}

// Expire gives key a TTL in seconds.
func Expire(ctx context.Context, key string, seconds int64) error {
	_, err := g.Redis().Expire(ctx, key, seconds)
	return err
}

// Del deletes key.
func Del(ctx context.Context, key string) error {
	_, err := g.Redis().Del(ctx, key)
	return err
}
