// Package apipair is a small lock library: its acquire and release take
// the key as a parameter and nothing in the package calls them, so the
// key parameter of the pair, named as lock operations, is the lock key
// (RULES.md, "Lock API pair").
package apipair

import (
	"context"
	"time"

	"github.com/go-redis/redis/v8"
)

type Client struct {
	rdb *redis.Client
}

func New(rdb *redis.Client) *Client { return &Client{rdb: rdb} }

// Lock takes lockKey for ttl.
func (c *Client) Lock(ctx context.Context, lockKey string, ttl time.Duration) (bool, error) {
	return c.rdb.SetNX(ctx, lockKey, "locked", ttl).Result()
}

// UnLock deletes whatever holds lockKey.
func (c *Client) UnLock(ctx context.Context, lockKey string) error {
	return c.rdb.Del(ctx, lockKey).Err() // want `Del releases lock key passed to Client.UnLock as lockKey \(acquired by SetNX at client.go:22\) without checking the owner token`
}
