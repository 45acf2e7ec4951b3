// Package gozero bills accounts under go-zero RedisLocks and scripts.
package gozero

import (
	"context"
	"errors"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

var errLost = errors.New("gozero: lock lost")

const unlockLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// Bill charges one account; the lock's ReleaseCtx sends with ctx.
func Bill(ctx context.Context, rds *redis.Redis, account string, charge func(context.Context) error) error {
	lock := redis.NewRedisLock(rds, "lock:bill:"+account)
	ok, err := lock.AcquireCtx(ctx)
	if err != nil || !ok {
		return errors.Join(err, errors.New("gozero: busy"))
	}
	err = charge(ctx)
	if ctx.Err() != nil {
		released, rerr := lock.ReleaseCtx(ctx) // want `gozero ReleaseCtx is sent with ctx, which is done here \(ctx.Err\(\) != nil at billing.go:23\): go-redis fails`
		if rerr == nil && !released {
			rerr = errLost
		}
		return errors.Join(err, rerr)
	}
	released, rerr := lock.Release() // ok: sent with context.Background()
	if rerr == nil && !released {
		rerr = errLost
	}
	return errors.Join(err, rerr)
}

// Unbill releases by token through EvalCtx after the context ended.
func Unbill(ctx context.Context, rds *redis.Redis, key, token string) error {
	<-ctx.Done()
	v, err := rds.EvalCtx(ctx, unlockLua, []string{key}, token) // want `EvalCtx sends an owner-checked release of lock key passed to Unbill as key with ctx, which is done here \(<-ctx.Done\(\) at billing.go:39\): go-redis fails`
	if err != nil {
		return err
	}
	if n, _ := v.(int64); n == 0 {
		return errLost
	}
	return nil
}
