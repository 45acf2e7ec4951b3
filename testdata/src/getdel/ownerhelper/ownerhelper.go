// Package ownerhelper checks the owner in a method of its own, which
// reads the value with GET and returns its comparison with the token,
// and then releases or renews: the same check-then-act as with the GET
// and the compare written in place, reported as get-del and get-expire
// (with no fix: the compare is written in the other method).
package ownerhelper

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("ownerhelper: not the owner")

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

func (l *Lock) Lock(ctx context.Context) (bool, error) {
	l.token = uuid.NewString()
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// isOwner reports whether the lock still holds our token.
func (l *Lock) isOwner(ctx context.Context) bool {
	v, err := l.rdb.Get(ctx, l.key).Result()
	return err == nil && v == l.token
}

func (l *Lock) Unlock(ctx context.Context) error {
	if !l.isOwner(ctx) {
		return ErrNotOwner
	}
	return l.rdb.Del(ctx, l.key).Err() // want `Del deletes lock key l.key \(acquired by SetNX at ownerhelper.go:28\) after isOwner \(GET at ownerhelper.go:33\) at ownerhelper.go:38 compared its value in Go`
}

func (l *Lock) Extend(ctx context.Context) error {
	if l.isOwner(ctx) {
		return l.rdb.PExpire(ctx, l.key, l.ttl).Err() // want `PExpire renews lock key l.key \(acquired by SetNX at ownerhelper.go:28\) after isOwner \(GET at ownerhelper.go:33\) at ownerhelper.go:45 compared its value in Go`
	}
	return ErrNotOwner
}

// held only asks whether the key exists: a compare with "" is no owner
// check, and the delete after it is a bare one, not check-then-act.
func (l *Lock) held(ctx context.Context) bool {
	v, _ := l.rdb.Get(ctx, l.key).Result()
	return v != ""
}

func (l *Lock) ForceUnlock(ctx context.Context) {
	if l.held(ctx) {
		l.rdb.Del(ctx, l.key)
	}
}

// current returns the value itself, not a comparison: what the caller
// does with it is the caller's compare, judged where it is written.
func (l *Lock) current(ctx context.Context) string {
	return l.rdb.Get(ctx, l.key).Val()
}

func (l *Lock) Drop(ctx context.Context) {
	_ = l.current(ctx)
	l.rdb.Del(ctx, l.key)
}
