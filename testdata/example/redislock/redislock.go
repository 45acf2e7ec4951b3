// Package redislock is the kind of hand-rolled Redis lock leasevet finds in
// services: every method here has a bug that leasevet reports.
package redislock

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNotAcquired is returned when another client holds the lock.
var ErrNotAcquired = errors.New("redislock: not acquired")

// Lock is a named lock held by this process.
type Lock struct {
	rdb   *redis.Client
	key   string
	value string
	ttl   time.Duration
}

// New returns a lock on name. The value identifies this host.
func New(rdb *redis.Client, name string, ttl time.Duration) *Lock {
	host, _ := os.Hostname()
	return &Lock{rdb: rdb, key: "lock:" + name, value: host, ttl: ttl}
}

// Acquire takes the lock with SETNX and sets its TTL afterwards.
func (l *Lock) Acquire(ctx context.Context) error {
	ok, err := l.rdb.SetNX(ctx, l.key, l.value, 0).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotAcquired
	}
	l.rdb.Expire(ctx, l.key, l.ttl)
	return nil
}

// Release deletes the lock if the value is still ours.
func (l *Lock) Release(ctx context.Context) error {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil {
		return err
	}
	if v != l.value {
		return nil
	}
	return l.rdb.Del(ctx, l.key).Err()
}

// KeepAlive extends the lock until ctx is done.
func (l *Lock) KeepAlive(ctx context.Context) {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			l.rdb.PExpire(ctx, l.key, l.ttl)
		}
	}
}
