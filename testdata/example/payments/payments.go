// Package payments was already moved to safelock: leasevet reports nothing
// here, and the fixes elsewhere in the service import the same package.
package payments

import (
	"context"
	"errors"
	"time"

	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// Settle settles a payment under a lock, with fencing checked by the ledger.
func Settle(ctx context.Context, rdb *redis.Client, paymentID string, write func(ctx context.Context, fence int64) error) error {
	lock, err := safelock.Obtain(ctx, rdb, "{payment:"+paymentID+"}:lock", 15*time.Second,
		safelock.WithWatchdog(), safelock.WithFencing())
	if errors.Is(err, safelock.ErrNotObtained) {
		return nil // another worker settles it
	}
	if err != nil {
		return err
	}
	fence, fenced := lock.Fence()
	if !fenced {
		return errors.New("payments: the lock has no fence; obtain it WithFencing")
	}
	werr := write(lock.Context(), fence)
	if err := lock.Release(context.WithoutCancel(ctx)); err != nil {
		return errors.Join(werr, err)
	}
	return werr
}
