// Package locks takes a lock with a constant value and releases it with
// a bare Del.
package locks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Lock struct {
	rdb   *redis.Client
	key   string
	owner string
}

func (l *Lock) Lock(ctx context.Context) bool {
	return l.rdb.SetNX(ctx, l.key, "1", time.Minute).Val()
}

func (l *Lock) Unlock(ctx context.Context) {
	l.rdb.Del(ctx, l.key)
}

// TryLock sends the acquire and never reads its answer.
func (l *Lock) TryLock(ctx context.Context) {
	l.rdb.SetNX(ctx, l.key, l.owner, time.Minute)
}

// TryLockErr reads only the acquire's error, which is nil when another
// client holds the lock.
func (l *Lock) TryLockErr(ctx context.Context) error {
	if err := l.rdb.SetNX(ctx, l.key, l.owner, time.Minute).Err(); err != nil {
		return err
	}
	return nil
}
