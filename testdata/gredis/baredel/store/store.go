// Package store is a key-value cache on gredis, as frameworks write one:
// every method converts the caller's key with gconv.String, and one of
// them takes a local mutex while it fills an absent key, so its name says
// Lock. The converted key has no constant part: it is whatever key the
// caller hands over, in every method, so that name does not make the keys
// of Set and Remove lock keys, and their DELs are not releases.
package store

import (
	"context"
	"sync"
	"time"

	"github.com/gogf/gf/v2/container/gvar"
	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/util/gconv"
)

// Store keeps values in Redis.
type Store struct {
	redis *gredis.Redis
	mu    sync.Mutex
}

// New returns a store on r.
func New(r *gredis.Redis) *Store { return &Store{redis: r} }

// Set writes value, or deletes the key when value is nil.
func (s *Store) Set(ctx context.Context, key any, value any, ttl time.Duration) error {
	k := gconv.String(key)
	if value == nil {
		_, err := s.redis.Del(ctx, k)
		return err
	}
	_, err := s.redis.Set(ctx, k, value)
	return err
}

// SetIfNotExist writes value when the key is absent, then gives it a TTL.
func (s *Store) SetIfNotExist(ctx context.Context, key any, value any, ttl time.Duration) (bool, error) {
	ok, err := s.redis.SetNX(ctx, gconv.String(key), value)
	if err != nil || !ok {
		return ok, err
	}
	if ttl > 0 {
		_, err = s.redis.PExpire(ctx, gconv.String(key), ttl.Milliseconds())
	}
	return ok, err
}

// SetIfNotExistFuncLock computes the value under the store's mutex.
func (s *Store) SetIfNotExistFuncLock(ctx context.Context, key any, f func(context.Context) (any, error), ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	value, err := f(ctx)
	if err != nil {
		return false, err
	}
	return s.SetIfNotExist(ctx, key, value, ttl)
}

// GetOrSet returns the value of key, or computes it and sets it.
func (s *Store) GetOrSet(ctx context.Context, key any, f func(context.Context) (any, error), ttl time.Duration) (*gvar.Var, error) {
	v, err := s.Get(ctx, key)
	if err != nil || !v.IsNil() {
		return v, err
	}
	value, err := f(ctx)
	if err != nil {
		return nil, err
	}
	return gvar.New(value), s.Set(ctx, key, value, ttl)
}

// GetOrSetLock is GetOrSet under the store's mutex.
func (s *Store) GetOrSetLock(ctx context.Context, key any, f func(context.Context) (any, error), ttl time.Duration) (*gvar.Var, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.GetOrSet(ctx, key, f, ttl)
}

// Get reads the value of key.
func (s *Store) Get(ctx context.Context, key any) (*gvar.Var, error) {
	return s.redis.Get(ctx, gconv.String(key))
}

// Remove deletes keys and returns the last value.
func (s *Store) Remove(ctx context.Context, keys ...any) (*gvar.Var, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	last, err := s.redis.GetDel(ctx, gconv.String(keys[len(keys)-1]))
	if err != nil {
		return nil, err
	}
	_, err = s.redis.Del(ctx, gconv.Strings(keys)...)
	return last, err
}

// Clear removes one key.
func (s *Store) Clear(ctx context.Context, key any) error {
	_, err := s.redis.Del(ctx, gconv.String(key))
	return err
}
