// Package locks is the golangci-lint plugin test's fixture: a lock whose
// TTL is set by a second command.
package locks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

const lockKey = "lock:jobs"

func acquire(ctx context.Context, rdb *redis.Client, token string) bool {
	ok, err := rdb.SetNX(ctx, lockKey, token, 0).Result()
	if err != nil || !ok {
		return false
	}
	rdb.Expire(ctx, lockKey, 30*time.Second) // want `^Expire sets the TTL of lock key lockKey only after SetNX acquired it \(locks.go:15\): [^()]* \[setnx-expire\]$`
	return true
}

// A dedup marker is not a lock: no TTL is fine, nothing is reported.
func markProcessed(ctx context.Context, rdb *redis.Client, id string) {
	rdb.SetNX(ctx, "processed:"+id, 1, 24*time.Hour)
}

// runNightly takes a lock with a constant value and no TTL and releases it
// with a bare Del: two findings on the SetNX line, which must reach
// golangci-lint as one issue, and the Del's finding names where the lock
// was acquired.
func runNightly(ctx context.Context, rdb *redis.Client, job func()) {
	ok, err := rdb.SetNX(ctx, "lock:nightly", "1", 0).Result() // want `^SetNX writes the constant "1" \(locks.go:33\) [^()]* \(safelock.NewToken\(\)\) \[constant-token\]; also: SetNX acquires lock key "lock:nightly" with no TTL [^()]* \[no-ttl\]$`
	if err != nil || !ok {
		return
	}
	defer rdb.Del(ctx, "lock:nightly") // want `^Del releases lock key "lock:nightly" \(acquired by SetNX at locks.go:33\) [^()]* \[bare-del\]$`
	job()
}
