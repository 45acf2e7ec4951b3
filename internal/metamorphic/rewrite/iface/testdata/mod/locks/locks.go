// Package locks holds its client in a field and in a package variable.
package locks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var Default = redis.NewClient(&redis.Options{Addr: "localhost:6379"})

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func New(rdb *redis.Client, key, token string) *Lock {
	return &Lock{rdb: rdb, key: key, token: token}
}

func (l *Lock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

func (l *Lock) Unlock(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err()
}

func (l *Lock) Reset(rdb *redis.Client) { l.rdb = rdb }

// Cache passes its client on: it stays a *redis.Client.
type Cache struct {
	rdb *redis.Client
}

func (c *Cache) Client() *redis.Client { return c.rdb }
