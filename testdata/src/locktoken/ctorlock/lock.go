// Package ctorlock sets the lock value in a constructor and acquires it
// later: the value is chosen where the lock is built, in another file.
package ctorlock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("ctorlock: not the lock owner")

var unlockScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type Lock struct {
	rdb   *redis.Client
	key   string
	value string
	ttl   time.Duration
}

func newLock(rdb *redis.Client, key string, value string) *Lock {
	return &Lock{rdb: rdb, key: key, value: value, ttl: 30 * time.Second}
}

func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.value, l.ttl).Result() // want `SetNX writes time.Now\(\) \(jobs.go:15\) as the value of lock key l.key: two clients acquiring in the same clock tick write the same value`
}

func (l *Lock) Unlock(ctx context.Context) error {
	n, err := unlockScript.Run(ctx, l.rdb, []string{l.key}, l.value).Int()
	if err == nil && n == 0 {
		err = ErrNotOwner
	}
	return err
}
