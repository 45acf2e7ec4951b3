package baredel

import (
	"context"
	"errors"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
	"github.com/gogf/gf/v2/util/gconv"
	"github.com/gogf/gf/v2/util/guid"
)

// ErrBusy is returned when another holder has the lock.
var ErrBusy = errors.New("baredel: lock busy")

// WithLock runs fn under a lock taken the way gredis makes easy: SETNX,
// EXPIRE and a deferred DEL. The deferred DEL has no error to return, so
// there is no fix.
func WithLock(ctx context.Context, name string, fn func() error) error {
	key := "lock:job:" + name
	ok, err := g.Redis().SetNX(ctx, key, guid.S())
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	defer g.Redis().Del(ctx, key) // want `Del releases lock key "lock:job:" \+ name \(acquired by SetNX at work.go:21\) without checking the owner token`
	if _, err := g.Redis().Expire(ctx, key, 30); err != nil {
		return err
	}
	return fn()
}

// Run keeps the token in a local: the release that returns its error is
// fixed with it.
func Run(ctx context.Context, name string, fn func() error) error {
	token := guid.S()
	ok, err := g.Redis().SetNX(ctx, "lock:run:"+name, token)
	if err != nil || !ok {
		return errors.Join(ErrBusy, err)
	}
	if _, err := g.Redis().Expire(ctx, "lock:run:"+name, 60); err != nil {
		return err
	}
	if err := fn(); err != nil {
		g.Redis().Del(ctx, "lock:run:"+name) // want `Del releases lock key "lock:run:" \+ name \(acquired by SetNX at work.go:39\)`
		return err
	}
	_, err = g.Redis().Del(ctx, "lock:run:"+name) // want `Del releases lock key "lock:run:" \+ name \(acquired by SetNX at work.go:39\)`
	return err
}

// TryRun cleans up after a failed acquire: deleting the key on the
// acquire's own error path is not a release of another client's lock.
func TryRun(ctx context.Context, name string) (bool, error) {
	key := "lock:try:" + name
	ttl := int64(30)
	reply, err := g.Redis().Set(ctx, key, guid.S(), gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &ttl}})
	if err != nil {
		g.Redis().Del(ctx, key) // ok: failure path of the acquire itself
		return false, err
	}
	return !reply.IsNil(), nil
}

// Evict deletes a cache entry: never acquired with NX.
func Evict(ctx context.Context, id string) error {
	_, err := g.Redis().Del(ctx, "cache:user:"+id) // ok: not a lock key
	return err
}

// Mark sets a dedup marker for a day; Forget, elsewhere, deletes it: an
// NX write and a DEL in two unrelated functions are no lock.
func Mark(ctx context.Context, id string) (bool, error) {
	reply, err := g.Redis().Set(ctx, "processed:"+id, 1, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: gconv.PtrInt64(86400)}})
	return !reply.IsNil(), err
}

// Forget lets the message be handled again.
func Forget(ctx context.Context, id string) error {
	_, err := g.Redis().Del(ctx, "processed:"+id) // ok: a marker, not a lock key
	return err
}
