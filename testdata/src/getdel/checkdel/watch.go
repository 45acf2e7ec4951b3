package checkdel

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"

	"example.com/fixtures/getdel/checkdel/txdel"
)

// UnlockWatched reads and compares inside a WATCH transaction: EXEC fails
// if the key changed after the GET, so this is owner-checked.
func (d *DistLock) UnlockWatched(ctx context.Context) error {
	err := d.client.Watch(ctx, func(tx *redis.Tx) error {
		val, err := tx.Get(ctx, d.key).Result()
		if err != nil {
			return err
		}
		if val != d.value {
			return ErrNotHeld
		}
		_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Del(ctx, d.key) // ok: WATCH transaction
			return nil
		})
		return err
	}, d.key)
	if errors.Is(err, redis.TxFailedErr) {
		return ErrNotHeld
	}
	return err
}

// Exists compares with "" only: an existence check, not an owner check,
// and nothing is deleted after it.
func (d *DistLock) Exists(ctx context.Context) bool {
	return d.client.Get(ctx, d.key).Val() != "" // ok
}

// UnlockWatchedDirect deletes from the Watch callback without TxPipelined:
// the DEL is sent at once, outside MULTI, so WATCH protects nothing.
func (d *DistLock) UnlockWatchedDirect(ctx context.Context) error {
	return d.client.Watch(ctx, func(tx *redis.Tx) error {
		if tx.Get(ctx, d.key).Val() != d.value {
			return ErrNotHeld
		}
		return tx.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at watch.go:45 compared its value in Go`
	}, d.key)
}

// UnlockTx releases through another package's WATCH transaction: the DEL
// there is discarded by EXEC if the key changed, so this is owner-checked.
func (d *DistLock) UnlockTx(ctx context.Context) error {
	return txdel.DeleteIfValue(ctx, d.client, d.key, d.value) // ok: WATCH transaction in the helper
}
