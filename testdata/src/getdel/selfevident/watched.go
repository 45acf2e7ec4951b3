package selfevident

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// ReleaseWatchedBy runs the transaction's body as a function of its own:
// the GET and the DEL still run under the WATCH of the key.
func ReleaseWatchedBy(ctx context.Context, rdb *redis.Client, key, token string) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error { return releaseIn(ctx, tx, key, token) }, key)
}

func releaseIn(ctx context.Context, tx *redis.Tx, key, token string) error {
	if tx.Get(ctx, key).Val() != token {
		return ErrNotOwner
	}
	_, err := tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.Del(ctx, key) // ok: a WATCH transaction
		return nil
	})
	return err
}
