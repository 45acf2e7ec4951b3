package releasehelper

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// LeaseLock deletes its own key in a helper that takes no key: the
// release compares the owner in Go first, so the helper's DEL is a
// get-del, reported at the DEL, and no bare delete.
type LeaseLock struct {
	rdb   *redis.Client
	key   string
	owner string
}

func (l *LeaseLock) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.owner, ttl).Result()
}

// del sends the DEL of the lease.
func (l *LeaseLock) del(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err() // want `Del deletes lock key l.key \(acquired by SetNX at leases.go:20\) after Get at leases.go:30 compared its value in Go, as a separate command`
}

// Release compares the owner in Go, then deletes through del.
func (l *LeaseLock) Release(ctx context.Context) error {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil {
		return err
	}
	if v != l.owner {
		return ErrNotOwner
	}
	return l.del(ctx)
}
