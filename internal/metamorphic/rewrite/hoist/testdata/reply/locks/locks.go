// Package locks reads command replies.
package locks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

func TryLock(ctx context.Context, rdb *redis.Client, key, token string) bool {
	if !rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return false
	}
	return true
}

func Unlock(ctx context.Context, rdb *redis.Client, key string) error {
	defer rdb.Del(ctx, key+":owner").Err() // the receiver runs at the defer: it moves before it
	return rdb.Del(ctx, key).Err()
}

// Stay: the command runs only when ready, or after another call.
func Stay(ctx context.Context, rdb *redis.Client, key string, ready bool, now func() time.Duration) {
	_ = ready && rdb.Exists(ctx, key).Val() > 0
	rdb.Expire(ctx, key, now()).Val()
	_ = now() > 0 && rdb.Get(ctx, key).Val() == ""
}
