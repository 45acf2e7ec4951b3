// Package v8 takes go-redis v8 locks.
package v8

import (
	"context"
	"errors"
	"time"

	"github.com/go-redis/redis/v8"
)

var errBusy = errors.New("v8: busy")

type Locker struct {
	client *redis.Client
}

// WithLock runs fn under "lock:"+name, sending SETNX as a statement.
func (l *Locker) WithLock(ctx context.Context, name, token string, fn func() error) error {
	key := "lock:" + name
	l.client.SetNX(ctx, key, token, 30*time.Second) // want `SetNX acquires lock key "lock:" \+ name but never looks at whether it did \(its result is discarded\)`
	defer l.client.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{key}, token)
	return fn()
}

// WithLockChecked reads the answer.
func (l *Locker) WithLockChecked(ctx context.Context, name, token string, fn func() error) error {
	key := "lock:" + name
	ok, err := l.client.SetNX(ctx, key, token, 30*time.Second).Result() // ok: read
	if err != nil {
		return err
	}
	if !ok {
		return errBusy
	}
	defer l.client.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{key}, token)
	return fn()
}

// Generic uses Do with SET NX: a held lock is redis.Nil, and the reply is
// compared with "OK".
func (l *Locker) Generic(ctx context.Context, name, token string) (bool, error) {
	res, err := l.client.Do(ctx, "set", "lock:"+name, token, "NX", "PX", 30000).Result() // ok: the reply is read
	if err == redis.Nil {
		return false, nil
	}
	return res == "OK", err
}

// GenericLax drops the reply and lets redis.Nil through.
func (l *Locker) GenericLax(ctx context.Context, name, token string) error {
	_, err := l.client.Do(ctx, "set", "lock:"+name, token, "NX", "PX", 30000).Result() // want `Do\("set"\) acquires lock key "lock:" \+ name but never looks at whether it did \(err is read only to let redis.Nil`
	if err != nil && err != redis.Nil {
		return err
	}
	return nil
}
