// Package libs uses the correct lock libraries the way their documentation
// shows: no leasevet analyzer reports anything here.
package libs

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// WithSafelock obtains, works under the lock's context, and checks the
// release.
func WithSafelock(ctx context.Context, rdb *redis.Client, work func(context.Context) error) error {
	lock, err := safelock.Obtain(ctx, rdb, "{report}:lock", 30*time.Second, safelock.WithWatchdog())
	if err != nil {
		return err
	}
	workErr := work(lock.Context())
	if err := lock.Release(context.WithoutCancel(ctx)); err != nil && !errors.Is(err, safelock.ErrNotOwner) {
		return errors.Join(workErr, err)
	}
	return workErr
}

// WithRedislock uses bsm/redislock with its default random token.
func WithRedislock(ctx context.Context, rdb *redis.Client) error {
	locker := redislock.New(rdb)
	lock, err := locker.Obtain(ctx, "lock:invoice", 10*time.Second, &redislock.Options{
		RetryStrategy: redislock.LinearBackoff(100 * time.Millisecond),
	})
	if errors.Is(err, redislock.ErrNotObtained) {
		return nil
	}
	if err != nil {
		return err
	}
	defer func() {
		if err := lock.Release(ctx); err != nil {
			log.Printf("release: %v", err)
		}
	}()
	return lock.Refresh(ctx, 10*time.Second, nil)
}

// WithRedsync uses a redsync mutex with its default random value.
func WithRedsync(ctx context.Context, rdb *redis.Client) error {
	rs := redsync.New(goredis.NewPool(rdb))
	mutex := rs.NewMutex("lock:mailer", redsync.WithExpiry(8*time.Second))
	if err := mutex.LockContext(ctx); err != nil {
		return err
	}
	ok, err := mutex.UnlockContext(ctx)
	if !ok {
		return errors.Join(errors.New("mailer lock was lost before release"), err)
	}
	return err
}
