// Package raw sends the bare commands that package steps builds its
// acquire from: a SET NX with no TTL, on whatever key it is given.
package raw

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// SetIfAbsent sends SET NX without a TTL.
func SetIfAbsent(ctx context.Context, rdb *redis.Client, key, value string) (bool, error) {
	return rdb.SetNX(ctx, key, value, 0).Result() // ok: its calls are judged
}
