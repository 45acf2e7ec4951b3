// Package betapath releases a lock through go-redis v9's beta import path
// (github.com/go-redis/redis/v9), whose clients safelock does not take:
// the fix is an inline compare script.
package betapath

import (
	"context"
	"crypto/rand"
	"time"

	"github.com/go-redis/redis/v9"
)

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *Lock) Lock(ctx context.Context) (bool, error) {
	l.token = rand.Text()
	return l.rdb.SetNX(ctx, l.key, l.token, 10*time.Second).Result()
}

func (l *Lock) Unlock(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err() // want `Del releases lock key l.key \(acquired by SetNX at lock.go:22\) without checking the owner token`
}
