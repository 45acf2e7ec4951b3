// Package rueian releases locks written with rueidis at its import path
// before the move to github.com/redis/rueidis, still common in code from
// 2022, without an owner check and correctly.
package rueian

import (
	"context"
	"errors"
	"time"

	"github.com/rueian/rueidis"
	"github.com/rueian/rueidis/rueidislock"
)

var errBusy = errors.New("rueian: busy")

// Lock is a hand-written lock on a rueidis client.
type Lock struct {
	c     rueidis.Client
	key   string
	token string
}

func (l *Lock) Lock(ctx context.Context, ttl time.Duration) error {
	err := l.c.Do(ctx, l.c.B().Set().Key(l.key).Value(l.token).Nx().PxMilliseconds(ttl.Milliseconds()).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return errBusy
	}
	return err
}

// Unlock deletes whoever holds the key.
func (l *Lock) Unlock(ctx context.Context) error {
	return l.c.Do(ctx, l.c.B().Del().Key(l.key).Build()).Error() // want `Del releases lock key l.key \(acquired by Set at lock.go:25\) without checking the owner token`
}

// release is correct: a compare-and-delete script.
var release = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func (l *Lock) UnlockChecked(ctx context.Context) (bool, error) {
	n, err := release.Exec(ctx, l.c, []string{l.key}, []string{l.token}).AsInt64()
	return n == 1, err
}

// Job uses rueidislock: the library releases with an owner check.
func Job(ctx context.Context, locker rueidislock.Locker, run func(context.Context)) error {
	lctx, cancel, err := locker.WithContext(ctx, "job")
	if err != nil {
		return err
	}
	defer cancel()
	run(lctx)
	return nil
}
