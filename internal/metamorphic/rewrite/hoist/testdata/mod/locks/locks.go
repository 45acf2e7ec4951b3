// Package locks takes and releases locks with go-redis.
package locks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func Acquire(ctx context.Context, rdb *redis.Client, name, token string) (*Lock, error) {
	ok, err := rdb.SetNX(ctx, "lock:"+name, token, 30*time.Second).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("locks: held")
	}
	return &Lock{rdb: rdb, key: "lock:" + name, token: token}, nil
}

// Release runs the compare-and-delete script; a plain name stays.
func (l *Lock) Release(ctx context.Context) error {
	return l.rdb.Eval(ctx, releaseSrc, []string{l.key}, l.token).Err()
}

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

// Refresh converts an untyped constant: the local keeps the type.
func (l *Lock) Refresh(ctx context.Context) bool {
	return l.rdb.Expire(ctx, l.key, 0).Val()
}

// Stay: now() moves, being the first call; the arguments after it stay,
// since moving them would run them before now().
func Stay(ctx context.Context, rdb *redis.Client, now func() string) {
	rdb.Set(ctx, now(), fmt.Sprintf("at:%s", "x"), 0)
}

// StayCond: the command is after && and in a loop condition.
func StayCond(ctx context.Context, rdb *redis.Client, ready bool) {
	if ready && rdb.SetNX(ctx, "lock:"+"cond", "1", time.Second).Val() {
		return
	}
	for !rdb.SetNX(ctx, "lock:"+"loop", "1", time.Second).Val() {
		time.Sleep(time.Millisecond)
	}
}

// Watch moves the callback into a local.
func Watch(ctx context.Context, rdb *redis.Client, key string) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		return tx.Get(ctx, key).Err()
	}, key)
}
