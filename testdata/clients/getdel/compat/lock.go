// Package compat compares the lock value in Go through rueidiscompat.
package compat

import (
	"context"

	"github.com/redis/rueidis/rueidiscompat"
)

func Unlock(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	if c.Get(ctx, key).Val() == token {
		return c.Del(ctx, key).Err() // want `Del deletes lock key key \(a parameter of Unlock\) after Get`
	}
	return nil
}
