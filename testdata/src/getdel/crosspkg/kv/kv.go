// Package kv holds the service's small Redis helpers: keys are its
// callers', so nothing here says which of them are locks.
package kv

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// DeleteIfEquals deletes key when it holds value, and reports whether it
// did.
func DeleteIfEquals(ctx context.Context, rdb *redis.Client, key, value string) (bool, error) {
	v, err := rdb.Get(ctx, key).Result()
	if err != nil {
		return false, err
	}
	if v != value {
		return false, nil
	}
	return true, rdb.Del(ctx, key).Err()
}

// ExpireIfEquals sets a new TTL on key when it holds value.
func ExpireIfEquals(ctx context.Context, rdb *redis.Client, key, value string, ttl time.Duration) error {
	if rdb.Get(ctx, key).Val() != value {
		return nil
	}
	return rdb.Expire(ctx, key, ttl).Err()
}

// DeleteWatched reads key in a Watch callback but sends the DEL at once,
// outside MULTI: the WATCH protects nothing.
func DeleteWatched(ctx context.Context, rdb *redis.Client, key, value string) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		if tx.Get(ctx, key).Val() != value {
			return nil
		}
		return tx.Del(ctx, key).Err()
	}, key)
}

// ReleaseOwned names a release: its own package judges the GET, compare
// and DEL, so its callers are not reported again.
func ReleaseOwned(ctx context.Context, rdb *redis.Client, key, owner string) error {
	if rdb.Get(ctx, key).Val() != owner {
		return nil
	}
	return rdb.Del(ctx, key).Err() // want `Del deletes lock key passed to ReleaseOwned as key after Get at kv.go:47 compared its value in Go`
}

// DeleteMatching deletes a key in one step, in WATCH: EXEC fails if the
// key changed after the GET.
func DeleteMatching(ctx context.Context, rdb *redis.Client, key, value string) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		if tx.Get(ctx, key).Val() != value {
			return nil
		}
		_, err := tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Del(ctx, key)
			return nil
		})
		return err
	}, key)
}

// Delete deletes key, whoever holds it.
func Delete(ctx context.Context, rdb *redis.Client, key string) error {
	return rdb.Del(ctx, key).Err()
}
