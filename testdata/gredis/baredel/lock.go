// Package baredel releases gredis locks with a plain DEL, beside the
// compare-and-delete script that is correct.
package baredel

import (
	"context"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/util/guid"
)

const releaseScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// Lock is a hand-written lock with a fresh token per instance.
type Lock struct {
	redis *gredis.Redis
	key   string
	token string
	ttl   int64
}

// New returns a lock on "lock:"+name that lives ttl seconds.
func New(r *gredis.Redis, name string, ttl int64) *Lock {
	return &Lock{redis: r, key: "lock:" + name, token: guid.S(), ttl: ttl}
}

// TryLock sets the key with NX and EX in one command.
func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	reply, err := l.redis.Set(ctx, l.key, l.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &l.ttl}})
	if err != nil {
		return false, err
	}
	return !reply.IsNil(), nil
}

// Unlock deletes whoever holds the key.
func (l *Lock) Unlock(ctx context.Context) error {
	_, err := l.redis.Del(ctx, l.key) // want `Del releases lock key l.key \(acquired by Set at lock.go:29\) without checking the owner token`
	return err
}

// UnlockChecked is correct: a compare-and-delete script, its reply read.
func (l *Lock) UnlockChecked(ctx context.Context) (bool, error) {
	reply, err := l.redis.Eval(ctx, releaseScript, 1, []string{l.key}, []interface{}{l.token})
	if err != nil {
		return false, err
	}
	return reply.Int() == 1, nil
}

// Store embeds the client, as services do to add helpers to it.
type Store struct {
	*gredis.Redis
}

// Lock takes "lock:"+name for half a minute.
func (s Store) Lock(ctx context.Context, name, token string) (bool, error) {
	ttl := int64(30)
	reply, err := s.Set(ctx, "lock:"+name, token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &ttl}})
	return !reply.IsNil(), err
}

// Unlock deletes the key through the promoted method.
func (s Store) Unlock(ctx context.Context, name string) error {
	_, err := s.Del(ctx, "lock:"+name) // want `Del releases lock key "lock:" \+ name \(acquired by Set at lock.go:59\) without checking the owner token`
	return err
}
