package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// setArgs forwards its options: each call's SetArgs says which command it
// sends.
func (s *Store) setArgs(ctx context.Context, key string, value interface{}, a redis.SetArgs) *redis.StatusCmd {
	return s.rdb.SetArgs(ctx, key, value, a)
}

// Rebuild takes the rebuild lock through setArgs and drops the answer.
func (s *Store) Rebuild(ctx context.Context, work func()) {
	s.setArgs(ctx, "lock:rebuild", uuid.NewString(), redis.SetArgs{Mode: "NX", TTL: time.Minute}) // want `setArgs \(SET NX at args.go:14\) acquires lock key "lock:rebuild" but never looks at whether it did \(its result is discarded\)`
	work()
}

// RebuildChecked reads the error: SetArgs NX answers redis.Nil when the
// lock is held, so err != nil stops.
func (s *Store) RebuildChecked(ctx context.Context, work func()) error {
	if err := s.setArgs(ctx, "lock:rebuild", uuid.NewString(), redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err(); err != nil {
		return err
	}
	work()
	return nil
}

// Touch writes a plain value through setArgs: no acquire.
func (s *Store) Touch(ctx context.Context, key string) {
	s.setArgs(ctx, "touched:"+key, time.Now().Unix(), redis.SetArgs{TTL: time.Hour})
}
