// Package rstore is a service's helper package over rueidis: TryPut's
// error says whether the key was free.
package rstore

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

// TryPut writes value under key if absent: rueidis.Nil when it was not.
func TryPut(ctx context.Context, c rueidis.Client, key, value string, ttl time.Duration) error {
	return c.Do(ctx, c.B().Set().Key(key).Value(value).Nx().Px(ttl).Build()).Error()
}
