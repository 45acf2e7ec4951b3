// Package splitttl holds leases whose acquire leaves the TTL to a helper
// of the same package. A helper's EXPIRE that every call sends right
// after the acquire belongs to the acquire (setnxexpire reports it), not
// to a renewal; the same kind of helper that a heartbeat also calls
// renews without checking the owner.
package splitttl

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Lease is a named lease on a job queue.
type Lease struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

// expire gives the lease its TTL; only Acquire calls it, after SET NX.
func (l *Lease) expire(ctx context.Context) error {
	return l.rdb.Expire(ctx, l.key, l.ttl).Err()
}

func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	return true, l.expire(ctx)
}

var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

func (l *Lease) Release(ctx context.Context) (bool, error) {
	n, err := releaseScript.Run(ctx, l.rdb, []string{l.key}, l.token).Int()
	return n == 1, err
}
