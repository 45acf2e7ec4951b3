package ttlhelper

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Slot is the correct arrangement: the acquire carries the TTL, and the
// helper that sets a TTL later only extends a slot the caller holds,
// after comparing the token in one script.
type Slot struct {
	rdb   *redis.Client
	key   string
	token string
}

var extendScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("PEXPIRE", KEYS[1], ARGV[2])
end
return 0`)

func (s *Slot) extend(ctx context.Context, ttl time.Duration) (bool, error) {
	n, err := extendScript.Run(ctx, s.rdb, []string{s.key}, s.token, ttl.Milliseconds()).Int()
	return n == 1, err
}

// Take acquires with the TTL in SET NX and extends it once more.
func (s *Slot) Take(ctx context.Context, ttl time.Duration) (bool, error) {
	ok, err := s.rdb.SetNX(ctx, s.key, s.token, ttl).Result()
	if err != nil || !ok {
		return false, err
	}
	return s.extend(ctx, 2*ttl)
}

var unlockScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

// Free releases the slot with a compare-and-delete.
func (s *Slot) Free(ctx context.Context) (bool, error) {
	n, err := unlockScript.Run(ctx, s.rdb, []string{s.key}, s.token).Int()
	return n == 1, err
}
