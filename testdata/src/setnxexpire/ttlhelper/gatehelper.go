package ttlhelper

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// DoorLock is GateLock with the split acquire's EXPIRE in a helper of its
// own: expire's only call completes Open's acquire, as the EXPIRE written
// in Open does, so OpenForGood, which never sets a TTL, is no-ttl all the
// same.
type DoorLock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (d *DoorLock) Open(ctx context.Context, ttl time.Duration) bool {
	if !d.rdb.SetNX(ctx, d.key, d.token, 0).Val() {
		return false
	}
	d.expire(ctx, ttl)
	return true
}

func (d *DoorLock) expire(ctx context.Context, ttl time.Duration) {
	d.rdb.Expire(ctx, d.key, ttl) // want `Expire sets the TTL of lock key d.key only after SetNX acquired it`
}

func (d *DoorLock) OpenForGood(ctx context.Context) bool {
	return d.rdb.SetNX(ctx, d.key, d.token, 0).Val() // want `SetNX acquires lock key d.key with no TTL and nothing ever sets one`
}

func (d *DoorLock) Close(ctx context.Context) {
	d.rdb.Del(ctx, d.key)
}
