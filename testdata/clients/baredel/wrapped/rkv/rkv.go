// Package rkv wraps a rueidis client in helpers, as services do: its
// callers' commands are known through summary facts.
package rkv

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

// Store is a thin helper over rueidis.
type Store struct {
	C rueidis.Client
}

// SetNX stores value under key if absent, with a TTL.
func (s *Store) SetNX(ctx context.Context, key, value string, ttl time.Duration) (bool, error) {
	return s.C.Do(ctx, s.C.B().Set().Key(key).Value(value).Nx().Px(ttl).Build()).AsBool()
}

// Del deletes keys.
func (s *Store) Del(ctx context.Context, key string) error {
	return s.C.Do(ctx, s.C.B().Del().Key(key).Build()).Error()
}
