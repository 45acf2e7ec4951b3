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

// Sweep locks through a helper that writes its own constant: every
// sweeper writes "1", so any of them can release the others' lock.
func Sweep(ctx context.Context, rdb *redis.Client) error {
	ok, err := lockutil.Claim(ctx, rdb, "lock:sweep", time.Minute) // want `Claim \(SET NX at lockutil.go:43\) writes the constant "1" as the value of lock key "lock:sweep"`
	if err != nil || !ok {
		return err
	}
	return lockutil.Release(ctx, rdb, "lock:sweep", "1")
}

// Seen marks an event handled with the same helper: a dedup key, no
// lock, so its constant is no token.
func Seen(ctx context.Context, rdb *redis.Client, id string) (bool, error) {
	return lockutil.Claim(ctx, rdb, "seen:"+id, time.Hour) // ok: not a lock key
}

// Rebuild locks through a helper that holds its constant in a local
// first: the same constant for every rebuilder.
func Rebuild(ctx context.Context, rdb *redis.Client) error {
	ok, err := lockutil.ClaimHeld(ctx, rdb, "lock:rebuild", time.Minute) // want `ClaimHeld \(SET NX at lockutil.go:\d+\) writes the constant "held" as the value of lock key "lock:rebuild"`
	if err != nil || !ok {
		return err
	}
	return lockutil.Release(ctx, rdb, "lock:rebuild", "held")
}

// Compact locks through a helper that writes the time of the claim:
// two compactors starting in the same nanosecond write the same value.
func Compact(ctx context.Context, rdb *redis.Client) error {
	ok, err := lockutil.ClaimStamped(ctx, rdb, "lock:compact", time.Minute) // want `ClaimStamped \(SET NX at lockutil.go:\d+\) writes time.Now\(\) as the value of lock key "lock:compact"`
	if err != nil || !ok {
		return err
	}
	return nil // the claim expires with its TTL: one compaction a minute
}

// Visited stamps a dedup key with the same helper: no lock.
func Visited(ctx context.Context, rdb *redis.Client, id string) (bool, error) {
	return lockutil.ClaimStamped(ctx, rdb, "visited:"+id, time.Hour) // ok: not a lock key
}

// Vacuum claims its lock through a helper that writes the process id,
// with NX and a TTL chosen here.
func Vacuum(ctx context.Context, rdb *redis.Client) error {
	err := lockutil.PutOwner(ctx, rdb, "lock:vacuum", redis.SetArgs{Mode: "NX", TTL: time.Minute}) // want `PutOwner \(SET NX at lockutil.go:\d+\) writes os.Getpid\(\) as the value of lock key "lock:vacuum"`
	if err != nil {
		return err
	}
	return nil // the claim expires with its TTL: one vacuum a minute
}

// Retag rewrites the owner of a key that exists: XX acquires nothing.
func Retag(ctx context.Context, rdb *redis.Client) error {
	return lockutil.PutOwner(ctx, rdb, "lock:vacuum", redis.SetArgs{Mode: "XX", KeepTTL: true}) // ok: no acquire
}
