package splitttl

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Batch takes its lock with a TTL and then extends it through a helper
// for a long batch: the helper's EXPIRE is a renewal, not part of the
// acquire, and renews whoever holds the key by then.
type Batch struct {
	rdb   *redis.Client
	key   string
	token string
}

func (b *Batch) extend(ctx context.Context, by time.Duration) error {
	return b.rdb.Expire(ctx, b.key, by).Err() // want `Expire renews lock key b.key with a new TTL \(acquired by SetNX at extend.go:25\) without checking the owner token`
}

// RunLong acquires for a minute and extends to an hour before the work.
func (b *Batch) RunLong(ctx context.Context, work func() error) error {
	ok, err := b.rdb.SetNX(ctx, b.key, b.token, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	if err := b.extend(ctx, time.Hour); err != nil {
		return err
	}
	return work()
}
