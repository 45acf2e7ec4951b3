// Package cache uses Redis for caching and dedup: SetNX markers, cache
// deletes, and an admin tool that force-unlocks by design.
package cache

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Store struct {
	rdb *redis.Client
}

// Remember caches a value and invalidates the old entry in a pipeline.
func (s *Store) Remember(ctx context.Context, id, value string) error {
	_, err := s.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.Del(ctx, "user:"+id)
		pipe.Set(ctx, "user:"+id, value, time.Hour)
		return nil
	})
	return err
}

// Invalidate drops a cache entry: never acquired with NX.
func (s *Store) Invalidate(ctx context.Context, id string) error {
	return s.rdb.Del(ctx, "user:"+id).Err()
}

// FirstDelivery is a dedup marker: SetNX, meant to last, never released.
func (s *Store) FirstDelivery(ctx context.Context, msgID string) (bool, error) {
	return s.rdb.SetNX(ctx, "seen:"+msgID, 1, 72*time.Hour).Result()
}

// Touch keeps a session alive: not a lock key.
func (s *Store) Touch(ctx context.Context, sid string) error {
	return s.rdb.Expire(ctx, "session:"+sid, 30*time.Minute).Err()
}

// TryLock and ForceUnlock are the admin pair of a maintenance lock.
func (s *Store) TryLock(ctx context.Context, name, token string) (bool, error) {
	return s.rdb.SetNX(ctx, "maint-lock:"+name, token, time.Hour).Result()
}

// ForceUnlockAll is ForceUnlock for a batch job, its suppression naming the
// category ([bare-del]) rather than the analyzer.
func (s *Store) ForceUnlockAll(ctx context.Context, name string) error {
	//leasevet:ignore bare-del the nightly reset clears every maintenance lock on purpose
	return s.rdb.Del(ctx, "maint-lock:"+name).Err()
}

// ForceUnlock removes a stuck lock on an operator's request, whoever holds it.
func (s *Store) ForceUnlock(ctx context.Context, name string) error {
	//leasevet:ignore baredel operators force-unlock a stuck maintenance lock on purpose
	return s.rdb.Del(ctx, "maint-lock:"+name).Err()
}
