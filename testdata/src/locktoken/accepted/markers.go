package accepted

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// MarkProcessed is a dedup marker, not a lock: a constant value is normal.
func MarkProcessed(ctx context.Context, rdb *redis.Client, id string) (bool, error) {
	return rdb.SetNX(ctx, "processed:"+id, 1, 24*time.Hour).Result() // ok: not a lock key
}

// Seen records an idempotency key with a constant value.
func Seen(ctx context.Context, rdb redis.Cmdable, requestID string) bool {
	ok, _ := rdb.SetNX(ctx, "idem:"+requestID, "1", time.Hour).Result() // ok: not a lock key
	return !ok
}
