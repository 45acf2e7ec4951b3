// Package kv is a service's thin helper package over rueidis: it sends
// the commands its callers name the keys of, and knows nothing of locks.
package kv

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

// Store sends commands over one client.
type Store struct {
	C rueidis.Client
}

// PutIfAbsent writes value under key if absent, with a TTL, and does
// not say whether it did.
func (s *Store) PutIfAbsent(ctx context.Context, key, value string, ttl time.Duration) {
	s.C.Do(ctx, s.C.B().Set().Key(key).Value(value).Nx().Px(ttl).Build())
}

// TryPut writes value under key if absent and reports whether it did.
func (s *Store) TryPut(ctx context.Context, key, value string, ttl time.Duration) (bool, error) {
	err := s.C.Do(ctx, s.C.B().Set().Key(key).Value(value).Nx().Px(ttl).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return false, nil
	}
	return err == nil, err
}

// Remove deletes key.
func (s *Store) Remove(ctx context.Context, key string) {
	s.C.Do(ctx, s.C.B().Del().Key(key).Build())
}
