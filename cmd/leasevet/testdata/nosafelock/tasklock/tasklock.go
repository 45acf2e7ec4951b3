// Package tasklock is a task lock in a module that does not require
// safelock: the fix of its release imports safelock, and a leasevet that
// knows no safelock version to require says which command adds it.
package tasklock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNotHeld is Release's answer when the lock is no longer ours.
var ErrNotHeld = errors.New("tasklock: lock not held")

// Lock is one task's lock.
type Lock struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

// New returns the lock of a task.
func New(rdb *redis.Client, task, token string) *Lock {
	return &Lock{rdb: rdb, key: "task:lock:" + task, token: token, ttl: 30 * time.Second}
}

// Acquire takes the lock.
func (l *Lock) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// Release deletes the lock if it still holds our token.
func (l *Lock) Release(ctx context.Context) error {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil {
		return err
	}
	if v != l.token {
		return ErrNotHeld
	}
	return l.rdb.Del(ctx, l.key).Err()
}
