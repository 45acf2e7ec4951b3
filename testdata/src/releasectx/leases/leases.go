// Package leases is a small lock library of its own on go-redis v9:
// releases and renewals are compare-and-act scripts sent with the
// caller's context, except ReleaseDetached, which detaches.
package leases

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotHeld = errors.New("leases: not held")

const (
	releaseLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`
	renewLua   = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`
)

// A Lease is one holder's claim on a name.
type Lease struct {
	rdb   redis.Cmdable
	key   string
	token string
}

func token() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Take acquires name for ttl.
func Take(ctx context.Context, rdb redis.Cmdable, name string, ttl time.Duration) (*Lease, error) {
	l := &Lease{rdb: rdb, key: "lease:" + name, token: token()}
	ok, err := rdb.SetNX(ctx, l.key, l.token, ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotHeld
	}
	return l, nil
}

// Release deletes the key if it still holds this lease's token.
func (l *Lease) Release(ctx context.Context) error {
	n, err := l.rdb.Eval(ctx, releaseLua, []string{l.key}, l.token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotHeld
	}
	return nil
}

// Renew extends the lease if it is still held.
func (l *Lease) Renew(ctx context.Context, ttl time.Duration) error {
	n, err := l.rdb.Eval(ctx, renewLua, []string{l.key}, l.token, ttl.Milliseconds()).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotHeld
	}
	return nil
}

// ReleaseDetached is Release with the caller's values but not its
// cancellation, bounded by a timeout of its own.
func (l *Lease) ReleaseDetached(ctx context.Context) error {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 3*time.Second)
	defer cancel()
	return l.Release(rctx)
}
