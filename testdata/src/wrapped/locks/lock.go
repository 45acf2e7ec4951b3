// Package locks builds locks on redisutil's helpers: a Lock type whose
// Lock and Unlock live in different files, and key-taking helpers that
// services call with their own keys.
package locks

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"example.com/fixtures/wrapped/redisutil"
)

type Lock struct {
	key   string
	token string
	ttl   time.Duration
}

func New(name string, ttl time.Duration) *Lock {
	return &Lock{key: "lock:" + name, token: NewToken(), ttl: ttl}
}

func NewToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (l *Lock) Lock(ctx context.Context) (bool, error) {
	return redisutil.SetNX(ctx, l.key, l.token, l.ttl)
}

// Acquire takes any key; the caller decides what it names.
func Acquire(ctx context.Context, key, token string, ttl time.Duration) (bool, error) {
	return redisutil.SetNX(ctx, key, token, ttl)
}

// Unlock deletes any key: whether that is a bug depends on the caller's
// key, so it is judged where it is called.
func Unlock(ctx context.Context, key string) error {
	return redisutil.Del(ctx, key)
}
