// Package lockutil is the kind of shared Redis helper package services
// keep next to their clients: the lock value is the caller's choice.
package lockutil

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNotOwner is returned when the lock is no longer held by the caller.
var ErrNotOwner = errors.New("lockutil: not the lock owner")

var release = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`)

// Acquire takes key for ttl, writing value.
func Acquire(ctx context.Context, rdb redis.Cmdable, key, value string, ttl time.Duration) (bool, error) {
	return rdb.SetNX(ctx, key, value, ttl).Result()
}

// Release deletes key if it still holds value.
func Release(ctx context.Context, rdb redis.Scripter, key, value string) error {
	n, err := release.Run(ctx, rdb, []string{key}, value).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotOwner
	}
	return nil
}

// Claim takes key for ttl with a fixed marker as its value: the kind of
// helper written for dedup keys, used by callers for locks too.
func Claim(ctx context.Context, rdb redis.Cmdable, key string, ttl time.Duration) (bool, error) {
	return rdb.SetNX(ctx, key, "1", ttl).Result()
}

// ClaimHeld is Claim with its marker held in a local first.
func ClaimHeld(ctx context.Context, rdb redis.Cmdable, key string, ttl time.Duration) (bool, error) {
	marker := "held"
	return rdb.SetNX(ctx, key, marker, ttl).Result()
}

// ClaimStamped is Claim with the time of the claim as its value, for
// dashboards that show when a key was taken.
func ClaimStamped(ctx context.Context, rdb redis.Cmdable, key string, ttl time.Duration) (bool, error) {
	return rdb.SetNX(ctx, key, time.Now().UnixNano(), ttl).Result()
}

// PutOwner writes this process's id under key with the caller's
// arguments: NX to claim the key, XX to rewrite it.
func PutOwner(ctx context.Context, rdb redis.Cmdable, key string, args redis.SetArgs) error {
	return rdb.SetArgs(ctx, key, os.Getpid(), args).Err()
}
