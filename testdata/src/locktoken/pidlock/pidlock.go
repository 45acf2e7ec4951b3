// Package pidlock is a reentrant-style lock that names its holder with
// the process and goroutine ids of a helper package.
package pidlock

import (
	"context"
	"errors"
	"strconv"
	"time"

	"example.com/fixtures/tokens/procid"
	"github.com/redis/go-redis/v9"
)

var ErrNotHeld = errors.New("pidlock: lock not held")

var unlockScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type RedisLock struct {
	client *redis.Client
	key    string
	id     string
}

func NewRedisLock(client *redis.Client, key string) *RedisLock {
	return &RedisLock{client: client, key: key, id: procid.GetProcessAndGoroutineIDStr()}
}

func (l *RedisLock) Lock(ctx context.Context) (bool, error) {
	return l.client.SetNX(ctx, l.key, l.id, 30*time.Second).Result() // want `SetNX writes procid.GetProcessAndGoroutineIDStr\(\) \(pidlock.go:26; from os.Getpid\(\) at procid.go:\d+\) as the value of lock key l.key: every acquisition by this process or host writes the same value`
}

func (l *RedisLock) Unlock(ctx context.Context) error {
	n, err := unlockScript.Run(ctx, l.client, []string{l.key}, l.id).Int()
	if err == nil && n == 0 {
		err = ErrNotHeld
	}
	return err
}

// LockGoroutine writes the goroutine id alone.
func LockGoroutine(ctx context.Context, rdb *redis.Client, name string) (bool, error) {
	owner := "g" + strconv.FormatUint(procid.GoroutineID(), 10)
	return rdb.SetNX(ctx, "lock:"+name, owner, time.Minute).Result() // want `SetNX writes procid.GoroutineID\(\) \(pidlock.go:43; from the goroutine id read from runtime.Stack\(\) at procid.go:\d+\) as the value of lock key "lock:" \+ name`
}

// LockCurrent writes the goroutine id read through the helper's own
// unexported function.
func LockCurrent(ctx context.Context, rdb *redis.Client, name string) (bool, error) {
	return rdb.SetNX(ctx, "lock:"+name, procid.CurrentGoroutine(), time.Minute).Result() // want `SetNX writes procid.CurrentGoroutine\(\) \(pidlock.go:50; from the goroutine id read from runtime.Stack\(\) at procid.go:\d+\) as the value of lock key "lock:" \+ name`
}

// LockThread trusts a helper named like a thread id whose body draws
// crypto/rand: a fresh value per call.
func LockThread(ctx context.Context, rdb *redis.Client, name string) (bool, error) {
	return rdb.SetNX(ctx, "lock:"+name, procid.GetThreadIDStr(), time.Minute).Result() // ok: the body, not the name, decides
}

// LockGoroutineNamed uses a helper named like a goroutine id that returns
// random numbers.
func LockGoroutineNamed(ctx context.Context, rdb *redis.Client, name string) (bool, error) {
	id := strconv.FormatInt(procid.GetGoroutineID(), 36)
	return rdb.SetNX(ctx, "lock:"+name, id, time.Minute).Result() // ok: random despite the name
}
