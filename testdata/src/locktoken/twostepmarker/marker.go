// Package twostepmarker writes idempotency markers the old way, SETNX and
// then EXPIRE: the expire is the marker's own TTL, not a sign that the key
// is a lock, so a constant value is fine here (setnxexpire still reports
// the split acquire).
package twostepmarker

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

func FirstDelivery(ctx context.Context, rdb *redis.Client, msgID string) bool {
	key := "delivered:" + msgID
	if !rdb.SetNX(ctx, key, 1, 0).Val() {
		return false
	}
	rdb.Expire(ctx, key, 48*time.Hour)
	return true
}

// A key named as a lock and written the same way is still a lock.
func TakeRebuildLock(ctx context.Context, rdb *redis.Client, index string) bool {
	key := "rebuild:lock:" + index
	if !rdb.SetNX(ctx, key, 1, 0).Val() { // want `SetNX writes the constant 1 \(marker.go:26\) as the value of lock key "rebuild:lock:" \+ index`
		return false
	}
	rdb.Expire(ctx, key, time.Minute)
	return true
}

// A marker that is also deleted in another function, with no lock name,
// owner check or wait, is an on/off flag, not a lock (RULES.md, "Lock
// key"): its constant value is fine.
func Claim(ctx context.Context, rdb *redis.Client, job string) bool {
	key := "claim:" + job
	if !rdb.SetNX(ctx, key, "taken", 0).Val() { // ok: a flag cleared by Unclaim
		return false
	}
	rdb.Expire(ctx, key, time.Minute)
	return true
}

func Unclaim(ctx context.Context, rdb *redis.Client, job string) {
	rdb.Del(ctx, "claim:"+job)
}
