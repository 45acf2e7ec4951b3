// Package grlock is a reentrant-style lock that names its holder by
// process and goroutine, through a helper package.
package grlock

import (
	"context"
	"errors"
	"time"

	"example.com/fixtures/tokens/ident"
	"github.com/redis/go-redis/v9"
)

var ErrLockAcquiredByOthers = errors.New("grlock: lock is acquired by others")

const unlockLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

type RedisLock struct {
	key    string
	token  string
	client *redis.Client
}

func NewRedisLock(key string, client *redis.Client) *RedisLock {
	return &RedisLock{
		key:    key,
		token:  ident.ProcessAndGoroutineID(),
		client: client,
	}
}

func (r *RedisLock) TryLock(ctx context.Context) error {
	ok, err := r.client.SetNX(ctx, r.key, r.token, 30*time.Second).Result() // want `SetNX writes ident.ProcessAndGoroutineID\(\) \(grlock.go:27; from os.Getpid\(\) at ident.go:\d+\) as the value of lock key r.key: every acquisition by this process or host writes the same value`
	if err != nil {
		return err
	}
	if !ok {
		return ErrLockAcquiredByOthers
	}
	return nil
}

func (r *RedisLock) Unlock(ctx context.Context) error {
	n, err := r.client.Eval(ctx, unlockLua, []string{r.key}, r.token).Int64()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLockAcquiredByOthers
	}
	return nil
}
