// Package store wraps go-redis v9 in a lock API whose answer is the
// caller's to read.
package store

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Store struct {
	rdb redis.Cmdable
}

func New(rdb redis.Cmdable) *Store { return &Store{rdb: rdb} }

// TryLock returns the answer: its callers are judged.
func (s *Store) TryLock(ctx context.Context, key, token string, ttl time.Duration) (bool, error) {
	return s.rdb.SetNX(ctx, key, token, ttl).Result() // ok: returned to the caller
}

// Unlock compares the token before deleting.
func (s *Store) Unlock(ctx context.Context, key, token string) (bool, error) {
	n, err := s.rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{key}, token).Int()
	return n == 1, err
}
