package names

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// jobLockKey names the lock of a job; seenKey names a dedup marker.
func jobLockKey(job string) string { return "job:" + job }
func seenKey(job string) string    { return "job-seen:" + job }

// ClaimJob and DropJob hold the key in a local before the command: the
// builder's name is the key's, as if it were written in the call.
func ClaimJob(ctx context.Context, rdb *redis.Client, job, token string) (bool, error) {
	key := jobLockKey(job)
	return rdb.SetNX(ctx, key, token, time.Minute).Result()
}

func DropJob(ctx context.Context, rdb *redis.Client, job string) error {
	key := jobLockKey(job)
	return rdb.Del(ctx, key).Err() // want `Del releases lock key jobLockKey\(job\) \(acquired by SetNX at local.go:18\) without checking the owner token`
}

// MarkJobSeen and ForgetJob do the same with a marker's key: no lock word,
// no lock.
func MarkJobSeen(ctx context.Context, rdb *redis.Client, job string) (bool, error) {
	key := seenKey(job)
	return rdb.SetNX(ctx, key, 1, time.Hour).Result()
}

func ForgetJob(ctx context.Context, rdb *redis.Client, job string) error {
	key := seenKey(job)
	return rdb.Del(ctx, key).Err() // ok: not a lock key
}
