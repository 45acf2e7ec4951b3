// Package ifacelock reaches its lock through an interface of its own with
// one implementation in the package: the bare DEL is reported once, at
// the DEL, not again at the call through the interface.
package ifacelock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Locker is the lock the cache takes around a load.
type Locker interface {
	Lock(ctx context.Context, key string, ttl time.Duration) (bool, error)
	Unlock(ctx context.Context, key string) error
}

type redisLocker struct{ rdb *redis.Client }

// NewLocker returns the Redis Locker.
func NewLocker(rdb *redis.Client) Locker { return &redisLocker{rdb: rdb} }

func (l *redisLocker) Lock(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, key, "1", ttl).Result()
}

func (l *redisLocker) Unlock(ctx context.Context, key string) error {
	if l.rdb == nil {
		return errors.New("no client")
	}
	return l.rdb.Del(ctx, key).Err() // want `^Del releases lock key`
}

// Cache loads values once across processes.
type Cache struct {
	lock Locker
	load func(ctx context.Context, key string) error
}

// Load takes the lock around the load, through the interface.
func (c *Cache) Load(ctx context.Context, key string) error {
	lockKey := "lock:" + key
	ok, err := c.lock.Lock(ctx, lockKey, 10*time.Second)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("busy")
	}
	defer c.lock.Unlock(ctx, lockKey) // reported at the Del above, not here
	return c.load(ctx, key)
}
