// Package recomputed holds locks whose weak value is chosen once, in a
// constructor, but read again elsewhere: a fresh token there would not
// replace every use, so no fix is offered.
package recomputed

import (
	"context"
	"errors"
	"os"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

var errNotHeld = errors.New("recomputed: lock not held")

var unlock = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// PidLock names its owner by process, and its release computes that
// name again instead of reading the field.
type PidLock struct {
	rdb   *redis.Client
	key   string
	owner string
}

func NewPidLock(rdb *redis.Client, key string) *PidLock {
	return &PidLock{rdb: rdb, key: key, owner: strconv.Itoa(os.Getpid())}
}

func (l *PidLock) Lock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.owner, time.Minute).Result() // want `SetNX writes os.Getpid\(\)`
}

func (l *PidLock) Unlock(ctx context.Context) error {
	n, err := unlock.Run(ctx, l.rdb, []string{l.key}, strconv.Itoa(os.Getpid())).Int()
	if err == nil && n == 0 {
		err = errNotHeld
	}
	return err
}

// StampLock stamps its owner with the clock in a constructor that is
// given the stamp: the value comes from the caller, which a fresh token
// in the constructor would silently drop.
type StampLock struct {
	rdb   *redis.Client
	key   string
	stamp string
}

func NewStampLock(rdb *redis.Client, key, stamp string) *StampLock {
	return &StampLock{rdb: rdb, key: key, stamp: stamp}
}

func Stamped(rdb *redis.Client, key string) *StampLock {
	return NewStampLock(rdb, key, strconv.FormatInt(time.Now().UnixNano(), 10)) // want `NewStampLock receives time.Now\(\)`
}

func (l *StampLock) Lock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.stamp, time.Minute).Result()
}

func (l *StampLock) Unlock(ctx context.Context) error {
	n, err := unlock.Run(ctx, l.rdb, []string{l.key}, l.stamp).Int()
	if err == nil && n == 0 {
		err = errNotHeld
	}
	return err
}
