// Package libs uses the correct lock libraries: safelock, bsm/redislock
// and redsync, whose releases and renewals compare the token.
package libs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// WithSafelock holds a safelock lock while fn runs.
func WithSafelock(ctx context.Context, rdb *redis.Client, key string, fn func(context.Context) error) error {
	lk, err := safelock.Obtain(ctx, rdb, key, 30*time.Second)
	if err != nil {
		return err
	}
	if err := lk.Refresh(ctx, time.Minute); err != nil {
		return err
	}
	return errors.Join(fn(lk.Context()), lk.Release(context.WithoutCancel(ctx)))
}

// Manual acquires with SetNX and a fresh token, and releases with
// safelock's functions.
func Manual(ctx context.Context, rdb redis.UniversalClient, name string) error {
	key := "manual-lock:" + name
	token := safelock.NewToken()
	ok, err := rdb.SetNX(ctx, key, token, 10*time.Second).Result()
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("lock %s busy", name)
	}
	if err := safelock.Refresh(ctx, rdb, key, token, 20*time.Second); err != nil {
		return err
	}
	return safelock.Release(ctx, rdb, key, token)
}

// WithRedislock uses bsm/redislock.
func WithRedislock(ctx context.Context, rdb *redis.Client, key string) error {
	locker := redislock.New(rdb)
	lock, err := locker.Obtain(ctx, key, 10*time.Second, nil)
	if err != nil {
		return err
	}
	if err := lock.Refresh(ctx, 10*time.Second, nil); err != nil {
		return err
	}
	return lock.Release(ctx)
}

// WithRedsync uses a redsync mutex.
func WithRedsync(ctx context.Context, rdb *redis.Client, name string) error {
	rs := redsync.New(goredis.NewPool(rdb))
	m := rs.NewMutex(name, redsync.WithExpiry(8*time.Second))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	if ok, err := m.ExtendContext(ctx); !ok || err != nil {
		return errors.Join(errors.New("lock lost"), err)
	}
	ok, err := m.UnlockContext(ctx)
	if !ok {
		return errors.Join(errors.New("lock lost"), err)
	}
	return err
}
