// Package native releases and renews with Redis 8.4's conditional
// commands instead of scripts.
package native

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var errLost = errors.New("native: lock lost")

type Lease struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *Lease) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

// Release trusts .Err(): DELEX replies 0 when the value differs.
func (l *Lease) Release(ctx context.Context) error {
	return l.rdb.DelExArgs(ctx, l.key, redis.DelExArgs{Mode: "IFEQ", MatchValue: l.token}).Err() // want `DelExArgs sends an owner-checked release \(DELEX IFEQ\) on lock key l.key but checks only .Err\(\): it replies 0 when the key no longer holds our token`
}

// Renew drops the reply: SET IFEQ replies nil when the value differs.
func (l *Lease) Renew(ctx context.Context, ttl time.Duration) {
	l.rdb.SetIFEQ(ctx, l.key, l.token, l.token, ttl) // want `SetIFEQ sends an owner-checked renewal \(SET IFEQ\) on lock key l.key but drops its result: its nil reply \(redis.Nil\) is the only sign`
}

// RenewChecked checks the error, which is redis.Nil on a mismatch: ok.
func (l *Lease) RenewChecked(ctx context.Context, ttl time.Duration) error {
	err := l.rdb.SetIFEQ(ctx, l.key, l.token, l.token, ttl).Err()
	if errors.Is(err, redis.Nil) {
		return errLost
	}
	return err
}

// ReleaseChecked reads the count: ok.
func (l *Lease) ReleaseChecked(ctx context.Context) error {
	n, err := l.rdb.DelExArgs(ctx, l.key, redis.DelExArgs{Mode: "IFEQ", MatchValue: l.token}).Result()
	if err == nil && n == 0 {
		err = errLost
	}
	return err
}
