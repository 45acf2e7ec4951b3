package jobs

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// claim sends the SETNX of a job lock for its callers, with no TTL.
func claim(ctx context.Context, rdb *redis.Client, key, token string) bool {
	return rdb.SetNX(ctx, key, token, 0).Val() // want `SetNX acquires lock key "forever-lock" \(passed by RunForever at claims.go:29\) with no TTL and nothing ever sets one`
}

// RunNightly claims, then gives the key its TTL: the acquire split in
// two, whatever the other calls of claim do.
func RunNightly(ctx context.Context, rdb *redis.Client, work func()) {
	if !claim(ctx, rdb, "nightly-lock", uuid.NewString()) {
		return
	}
	rdb.Expire(ctx, "nightly-lock", time.Minute) // want `Expire sets the TTL of lock key "nightly-lock" only after claim acquired it`
	work()
}

// RunForever claims and never sets a TTL: a crash leaves the lock held
// for good, reported at claim's SETNX.
func RunForever(ctx context.Context, rdb *redis.Client, work func()) {
	if claim(ctx, rdb, "forever-lock", uuid.NewString()) {
		work()
	}
}
