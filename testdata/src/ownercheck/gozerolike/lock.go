// Package gozerolike is a lock in the style of go-zero's RedisLock: one
// script acquires or, for the same id, refreshes; another compares and
// deletes.
package gozerolike

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"sync/atomic"

	"github.com/redis/go-redis/v9"
)

const (
	lockCommand = `if redis.call("GET", KEYS[1]) == ARGV[1] then
    redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
    return "OK"
else
    return redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2])
end`
	delCommand = `if redis.call("GET", KEYS[1]) == ARGV[1] then
    return redis.call("DEL", KEYS[1])
else
    return 0
end`
	millisPerSecond = 1000
)

var errNotOwner = errors.New("gozerolike: not the owner")

type RedisLock struct {
	store   redis.Cmdable
	seconds uint32
	key     string
	id      string
}

func randomID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func NewRedisLock(store redis.Cmdable, key string) *RedisLock {
	return &RedisLock{store: store, key: key, seconds: 5}
}

func (rl *RedisLock) AcquireCtx(ctx context.Context) (bool, error) {
	rl.id = randomID()
	seconds := atomic.LoadUint32(&rl.seconds)
	resp, err := rl.store.Eval(ctx, lockCommand, []string{rl.key}, rl.id, strconv.Itoa(int(seconds)*millisPerSecond+100)).Result()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	reply, ok := resp.(string)
	return ok && reply == "OK", nil
}

func (rl *RedisLock) ReleaseCtx(ctx context.Context) (bool, error) {
	resp, err := rl.store.Eval(ctx, delCommand, []string{rl.key}, rl.id).Int()
	if err != nil {
		return false, err
	}
	if resp == 0 {
		return false, errNotOwner
	}
	return true, nil
}
