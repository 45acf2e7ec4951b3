// Package libs waits for locks the way the lock libraries do it: their
// retry strategies pause and give up, and no loop of ours is needed.
package libs

import (
	"context"
	"errors"
	"time"

	"github.com/bsm/redislock"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// WithRedislock retries with bsm/redislock's exponential backoff, bounded
// by ctx.
func WithRedislock(ctx context.Context, rdb *redis.Client, work func() error) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	lock, err := redislock.New(rdb).Obtain(ctx, "lock:export", 30*time.Second, &redislock.Options{
		RetryStrategy: redislock.LimitRetry(redislock.ExponentialBackoff(16*time.Millisecond, time.Second), 10),
	})
	if errors.Is(err, redislock.ErrNotObtained) {
		return nil
	}
	if err != nil {
		return err
	}
	defer lock.Release(context.WithoutCancel(ctx))
	return work()
}

// WithSafelock retries with safelock's backoff.
func WithSafelock(ctx context.Context, rdb *redis.Client, work func(context.Context) error) error {
	lock, err := safelock.Obtain(ctx, rdb, "lock:import", 30*time.Second,
		safelock.WithRetry(safelock.LimitRetry(safelock.ExponentialBackoff(10*time.Millisecond, time.Second), 20)))
	if err != nil {
		return err
	}
	defer lock.Release(context.WithoutCancel(ctx))
	return work(lock.Context())
}

// ObtainLoop retries redislock's one-shot Obtain itself, on its retry
// strategy's schedule.
func ObtainLoop(ctx context.Context, rdb *redis.Client) (*redislock.Lock, error) {
	strategy := redislock.ExponentialBackoff(10*time.Millisecond, 500*time.Millisecond)
	for {
		lock, err := redislock.New(rdb).Obtain(ctx, "lock:report", time.Minute, nil)
		if !errors.Is(err, redislock.ErrNotObtained) {
			return lock, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(strategy.NextBackoff()):
		}
	}
}
