// Package locks names its locals after what they hold.
package locks

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Lock struct {
	rdb *redis.Client
	key string
}

func (l *Lock) TryLock(ctx context.Context, token string) (bool, error) {
	lockKey := l.key
	ok, err := l.rdb.SetNX(ctx, lockKey, token, time.Minute).Result()
	if err != nil {
		return false, err
	}
	for i := 0; i < 3 && !ok; i++ {
		ok, err = l.rdb.SetNX(ctx, lockKey, token, time.Minute).Result()
	}
	return ok, err
}

func Describe(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case fmt.Stringer:
		return x.String()
	}
	return ""
}

func Watch(ctx context.Context, rdb *redis.Client, key string) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		current, err := tx.Get(ctx, key).Result()
		if err != nil {
			return err
		}
		_ = current
		return nil
	}, key)
}
