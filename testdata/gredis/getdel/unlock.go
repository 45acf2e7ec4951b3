// Package getdel compares the gredis lock value in Go before deleting or
// renewing: the lock can change hands between the GET and the command.
package getdel

import (
	"context"
	"errors"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
)

var errNotOwner = errors.New("getdel: lock held by another owner")

// Unlock reads, compares and deletes in three steps.
func Unlock(ctx context.Context, r *gredis.Redis, key, token string) error {
	v, err := r.Get(ctx, key)
	if err != nil {
		return err
	}
	if v.String() == token {
		_, err = r.Del(ctx, key) // want `Del deletes lock key passed to Unlock as key after Get at unlock.go:17 compared its value in Go`
	}
	return err
}

// Renew reads, compares and renews.
func Renew(ctx context.Context, r *gredis.Redis, key, token string, ttl int64) error {
	v, err := r.Get(ctx, key)
	if err != nil {
		return err
	}
	if v.String() != token {
		return errNotOwner
	}
	_, err = r.Expire(ctx, key, ttl) // want `Expire renews lock key passed to Renew as key after Get at unlock.go:29 compared its value in Go`
	return err
}

// Mutex is a lock through the default client.
type Mutex struct {
	key   string
	token string
}

// Unlock compares the value with its token before the DEL.
func (m *Mutex) Unlock(ctx context.Context) error {
	v, err := g.Redis().Get(ctx, m.key)
	if err != nil {
		return err
	}
	if v.Val() != m.token {
		return errNotOwner
	}
	_, err = g.Redis().Del(ctx, m.key) // want `Del deletes lock key m.key after Get at unlock.go:48 compared its value in Go`
	return err
}

// UnlockEval is correct: the compare and the delete are one script.
func UnlockEval(ctx context.Context, r *gredis.Redis, key, token string) (bool, error) {
	v, err := r.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, 1, []string{key}, []interface{}{token})
	return v.Bool(), err
}

// Invalidate drops a cache entry it read: no lock, no token.
func Invalidate(ctx context.Context, r *gredis.Redis, id string) error {
	v, err := r.Get(ctx, "cache:profile:"+id)
	if err != nil || v.IsNil() {
		return err
	}
	_, err = r.Del(ctx, "cache:profile:"+id) // ok: not a lock key
	return err
}
