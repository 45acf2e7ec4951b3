package correct

import (
	"context"
	"errors"
	"time"

	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// Rebuild locks through safelock on a go-redis client, as a GoFrame
// service can while it caches through g.Redis().
func Rebuild(ctx context.Context, rdb *redis.Client, id string, work func(context.Context) error) error {
	lock, err := safelock.Obtain(ctx, rdb, "lock:rebuild:"+id, 30*time.Second, safelock.WithWatchdog())
	if err != nil {
		return err
	}
	werr := work(lock.Context())
	if err := lock.Release(context.WithoutCancel(ctx)); err != nil && !errors.Is(err, safelock.ErrNotOwner) {
		return errors.Join(werr, err)
	}
	return werr
}
