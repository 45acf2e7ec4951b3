// Package legacyv8 holds a lock on go-redis v8, which fails a command
// whose context is done as v9 does.
package legacyv8

import (
	"context"
	"errors"
	"time"

	"github.com/go-redis/redis/v8"
	"github.com/google/uuid"
)

const unlockLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var errLost = errors.New("legacyv8: lock lost")

// Sync copies one tenant's data while holding its lock.
func Sync(ctx context.Context, rdb *redis.Client, tenant string, copyAll func(context.Context) error) error {
	key, token := "lock:sync:"+tenant, uuid.NewString()
	ok, err := rdb.SetNX(ctx, key, token, time.Minute).Result()
	if err != nil || !ok {
		return errors.Join(err, errors.New("legacyv8: busy"))
	}
	err = copyAll(ctx)
	if ctx.Err() != nil {
		n, rerr := rdb.Eval(ctx, unlockLua, []string{key}, token).Int() // want `Eval sends an owner-checked release of lock key "lock:sync:" \+ tenant with ctx, which is done here \(ctx.Err\(\) != nil at legacyv8.go:26\): go-redis fails`
		if rerr == nil && n == 0 {
			rerr = errLost
		}
		return errors.Join(err, rerr)
	}
	n, rerr := rdb.Eval(ctx, unlockLua, []string{key}, token).Int() // ok
	if rerr == nil && n == 0 {
		rerr = errLost
	}
	return errors.Join(err, rerr)
}
