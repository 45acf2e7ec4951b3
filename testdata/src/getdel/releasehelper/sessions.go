// Package releasehelper holds session locks whose release reads the value,
// compares it in Go and then deletes the key through a helper of the same
// package. The bug is the helper's DEL: it is reported there, once, with
// the calls that compare first as related information, not at the calls.
package releasehelper

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("session lock held by another owner")

// SessionLock guards one user's session rebuild.
type SessionLock struct {
	rdb   *redis.Client
	key   string
	owner string
}

func NewSessionLock(rdb *redis.Client, user, owner string) *SessionLock {
	return &SessionLock{rdb: rdb, key: "session:lock:" + user, owner: owner}
}

func (l *SessionLock) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.owner, ttl).Result()
}

// drop deletes a key of the client.
func (l *SessionLock) drop(ctx context.Context, key string) error {
	return l.rdb.Del(ctx, key).Err() // want `Del deletes lock key l.key \(acquired by SetNX at sessions.go:29\) after Get at sessions.go:39 compared its value in Go, as a separate command`
}

// Release compares the owner in Go, then deletes through drop.
func (l *SessionLock) Release(ctx context.Context) error {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil {
		return err
	}
	if v != l.owner {
		return ErrNotOwner
	}
	return l.drop(ctx, l.key)
}

// ReleaseQuiet is a second release through the same helper: the helper's
// DEL is reported once.
func (l *SessionLock) ReleaseQuiet(ctx context.Context) {
	if v, err := l.rdb.Get(ctx, l.key).Result(); err == nil && v == l.owner {
		_ = l.drop(ctx, l.key)
	}
}
