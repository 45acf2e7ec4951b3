// Package steps holds acquire helpers whose callers live in other
// packages. Take receives its whole key and sets no TTL, and nothing
// here calls it or gives the key a TTL: whether the key ever gets one is
// for each call to show (../pieces.go), so no-ttl is judged there.
// TryLock is named as a lock operation: it defines the lock, and its
// missing TTL is reported here.
package steps

import (
	"context"

	"github.com/redis/go-redis/v9"

	"example.com/fixtures/setnxexpire/pieces/steps/raw"
)

// Take sends SET NX on the key it is given, without a TTL.
func Take(ctx context.Context, rdb *redis.Client, lockKey, token string) (bool, error) {
	return rdb.SetNX(ctx, lockKey, token, 0).Result() // ok: its calls are judged
}

// TryLock takes the lock on key for good.
func TryLock(ctx context.Context, rdb *redis.Client, key string) bool {
	return rdb.SetNX(ctx, key, "1", 0).Val() // want `SetNX acquires lock key passed to TryLock as key with no TTL and nothing ever sets one`
}

// Claim takes key through claim, its unexported sender: still a piece
// whose calls elsewhere show whether the key gets a TTL.
func Claim(ctx context.Context, rdb *redis.Client, lockKey, token string) (bool, error) {
	return claim(ctx, rdb, lockKey, token) // ok: its calls are judged
}

func claim(ctx context.Context, rdb *redis.Client, lockKey, token string) (bool, error) {
	return rdb.SetNX(ctx, lockKey, token, 0).Result() // ok: its calls are judged
}

// Grab takes key through another package's sender: a piece as Claim is,
// whose calls elsewhere show whether the key gets a TTL.
func Grab(ctx context.Context, rdb *redis.Client, lockKey, token string) (bool, error) {
	return raw.SetIfAbsent(ctx, rdb, lockKey, token) // ok: its calls are judged
}
