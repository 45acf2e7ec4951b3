// Package locks is the golangci-lint plugin test's fixture: a lock whose
// TTL is set by a second command.
package locks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

const lockKey = "lock:jobs"

func acquire(ctx context.Context, rdb *redis.Client, token string) bool {
	ok, err := rdb.SetNX(ctx, lockKey, token, 0).Result()
	if err != nil || !ok {
		return false
	}
	rdb.Expire(ctx, lockKey, 30*time.Second) // want `Expire sets the TTL of lock key lockKey only after SetNX acquired it`
	return true
}

// A dedup marker is not a lock: no TTL is fine, nothing is reported.
func markProcessed(ctx context.Context, rdb *redis.Client, id string) {
	rdb.SetNX(ctx, "processed:"+id, 1, 24*time.Hour)
}
