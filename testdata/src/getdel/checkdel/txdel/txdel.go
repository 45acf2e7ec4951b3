// Package txdel deletes a key only while it still holds a value, in a
// WATCH transaction: EXEC fails if the key changed after the GET.
package txdel

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"
)

// ErrChanged says the key holds another value, or changed meanwhile.
var ErrChanged = errors.New("txdel: key changed")

// DeleteIfValue deletes key if it holds value.
func DeleteIfValue(ctx context.Context, rdb *redis.Client, key, value string) error {
	err := rdb.Watch(ctx, func(tx *redis.Tx) error {
		v, err := tx.Get(ctx, key).Result()
		if err != nil {
			return err
		}
		if v != value {
			return ErrChanged
		}
		_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Del(ctx, key)
			return nil
		})
		return err
	}, key)
	if errors.Is(err, redis.TxFailedErr) {
		return ErrChanged
	}
	return err
}
