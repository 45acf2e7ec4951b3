// Package clean is a correct lock: TTL in the acquire, compare-and-delete
// script for the release, its reply checked. No leasevet analyzer may
// report anything here.
package clean

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

const lockKey = "lock:jobs"

var releaseScript = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`)

func acquire(ctx context.Context, rdb *redis.Client, token string) (bool, error) {
	return rdb.SetNX(ctx, lockKey, token, 30*time.Second).Result()
}

// release reports whether the lock was still ours.
func release(ctx context.Context, rdb *redis.Client, token string) (bool, error) {
	n, err := releaseScript.Run(ctx, rdb, []string{lockKey}, token).Int()
	return n == 1, err
}
