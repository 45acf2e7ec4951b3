// Package steps holds the pieces of a job lock that its callers, in
// other packages, put together: a SET NX with no TTL and an EXPIRE of the
// same key, in helpers no lock word names and no function here calls.
// Whether an EXPIRE completes the acquire or renews the lock only its
// calls show, so nothing is reported here: each call is judged where it
// is (../pieces.go).
package steps

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Take sends the SET NX of the job's lock, without a TTL.
func Take(ctx context.Context, rdb *redis.Client, job, token string) (bool, error) {
	return rdb.SetNX(ctx, "lock:job:"+job, token, 0).Result()
}

// SetTTL gives the job's lock a TTL.
func SetTTL(ctx context.Context, rdb *redis.Client, job string, ttl time.Duration) error {
	return rdb.Expire(ctx, "lock:job:"+job, ttl).Err() // ok: what it does is its callers' to show
}

// Prolong gives the job's lock a TTL through prolong, its unexported
// sender: still a piece whose calls show what it does.
func Prolong(ctx context.Context, rdb *redis.Client, job string, ttl time.Duration) error {
	return prolong(ctx, rdb, job, ttl)
}

func prolong(ctx context.Context, rdb *redis.Client, job string, ttl time.Duration) error {
	return rdb.Expire(ctx, "lock:job:"+job, ttl).Err() // ok: what it does is its callers' to show
}
