// Package kv is a service's store over rueidis. It keeps the client
// behind an interface of its own, which one type implements by handing
// every call to the client, so that tests can put a fake in its place.
package kv

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

type client interface {
	B() rueidis.Builder
	Do(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult
}

// direct is the client itself.
type direct struct{ c rueidis.Client }

func (d direct) B() rueidis.Builder { return d.c.B() }

func (d direct) Do(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult {
	return d.c.Do(ctx, cmd)
}

// Store sends its callers' commands.
type Store struct{ c client }

// New returns a store over c.
func New(c rueidis.Client) *Store { return with(direct{c}) }

// with returns a store over any client: the package's tests pass a fake.
func with(c client) *Store { return &Store{c: c} }

// PutIfAbsent sets key to value with a TTL if key is absent, and says
// whether it did.
func (s *Store) PutIfAbsent(ctx context.Context, key, value string, ttl time.Duration) (bool, error) {
	err := s.c.Do(ctx, s.c.B().Set().Key(key).Value(value).Nx().Px(ttl).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return false, nil
	}
	return err == nil, err
}

// Remove deletes key, whatever it holds; a key already gone is no error.
func (s *Store) Remove(ctx context.Context, key string) {
	s.c.Do(ctx, s.c.B().Del().Key(key).Build())
}
