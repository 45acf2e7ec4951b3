package releasehelper

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// TicketLock is the correct arrangement: the helper compares and deletes
// in one script, and the caller's GET only reports who holds the lock.
type TicketLock struct {
	rdb   *redis.Client
	key   string
	owner string
}

var releaseTicket = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

func (t *TicketLock) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return t.rdb.SetNX(ctx, t.key, t.owner, ttl).Result()
}

func (t *TicketLock) release(ctx context.Context) (bool, error) {
	n, err := releaseTicket.Run(ctx, t.rdb, []string{t.key}, t.owner).Int()
	return n == 1, err
}

// Release reads the holder for the log, then releases with the script.
func (t *TicketLock) Release(ctx context.Context) (holder string, released bool, err error) {
	holder, _ = t.rdb.Get(ctx, t.key).Result()
	if holder != t.owner {
		return holder, false, nil
	}
	released, err = t.release(ctx)
	return holder, released, err
}
