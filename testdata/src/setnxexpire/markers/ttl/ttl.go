// Package ttl sets expiries for the cache, in seconds as its callers
// count them.
package ttl

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Seconds gives key a TTL of the given seconds.
func Seconds(ctx context.Context, rdb *redis.Client, key string, seconds int) {
	rdb.Expire(ctx, key, time.Duration(seconds)*time.Second)
}
