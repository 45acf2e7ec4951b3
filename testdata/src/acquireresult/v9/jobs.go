package v9

import (
	"context"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

// RunNightly sends the acquire as a statement: every instance runs the
// report.
func RunNightly(ctx context.Context, rdb *redis.Client, report func(context.Context) error) error {
	key := "lock:nightly-report"
	tok := newToken()
	rdb.SetNX(ctx, key, tok, time.Minute) // want `SetNX acquires lock key "lock:nightly-report" but never looks at whether it did \(its result is discarded\)`
	defer unlock.Run(ctx, rdb, []string{key}, tok)
	return report(ctx)
}

// Rebuild keeps only the error of Result.
func Rebuild(ctx context.Context, rdb *redis.Client, index string, build func() error) error {
	key := "rebuild:" + index + ":lock"
	tok := newToken()
	_, err := rdb.SetNX(ctx, key, tok, 5*time.Minute).Result() // want `SetNX acquires lock key "rebuild:" \+ index \+ ":lock" but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
	if err != nil {
		return err
	}
	defer unlock.Run(ctx, rdb, []string{key}, tok)
	return build()
}

// Sweep discards both results on purpose, which is still no lock.
func Sweep(ctx context.Context, rdb *redis.Client, sweep func()) {
	key := "lock:sweeper"
	tok := newToken()
	_, _ = rdb.SetNX(ctx, key, tok, time.Minute).Result() // want `SetNX acquires lock key "lock:sweeper" but never looks at whether it did \(its result is discarded\)`
	log.Printf("sweeper: running")
	sweep()
	unlock.Run(ctx, rdb, []string{key}, tok)
}

// Compact checks Val in the condition.
func Compact(ctx context.Context, rdb *redis.Client, compact func()) {
	key := "lock:compactor"
	tok := newToken()
	if !rdb.SetNX(ctx, key, tok, time.Minute).Val() { // ok: the answer is the condition
		return
	}
	defer unlock.Run(ctx, rdb, []string{key}, tok)
	compact()
}

// MarkProcessed is a dedup marker, not a lock: the answer is
// deliberately ignored.
func MarkProcessed(ctx context.Context, rdb *redis.Client, id string) {
	rdb.SetNX(ctx, "processed:"+id, 1, 24*time.Hour) // ok: not a lock key
}

// Deliver checks the marker's answer elsewhere; Remember drops it.
func Remember(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.SetNX(ctx, "seen:"+id, 1, time.Hour).Err() // ok: not a lock key
}
