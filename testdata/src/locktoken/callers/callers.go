// Package callers locks through a helper package whose Acquire takes the
// value from the caller.
package callers

import (
	"context"
	"time"

	"example.com/fixtures/tokens/lockutil"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

func Import(ctx context.Context, rdb *redis.Client) error {
	ok, err := lockutil.Acquire(ctx, rdb, "lock:import", "importer", time.Minute) // want `Acquire writes the constant "importer" \(callers.go:15\) as the value of lock key "lock:import"`
	if err != nil || !ok {
		return err
	}
	return lockutil.Release(ctx, rdb, "lock:import", "importer")
}

func Export(ctx context.Context, rdb *redis.Client) error {
	token := uuid.NewString()
	ok, err := lockutil.Acquire(ctx, rdb, "lock:export", token, time.Minute) // ok
	if err != nil || !ok {
		return err
	}
	return lockutil.Release(ctx, rdb, "lock:export", token)
}
