// Package valueparts reads values and looks at parts of them without a
// lock: a cache entry whose version prefix is checked before it is
// dropped, and a value whose prefix is compared with a constant. Nothing
// here is a lock release.
package valueparts

import (
	"context"
	"strings"

	"github.com/redis/go-redis/v9"
)

type Cache struct {
	rdb     *redis.Client
	version string
}

// Invalidate drops an entry written by another version: a cache, no lock.
func (c *Cache) Invalidate(ctx context.Context, key string) error {
	v, err := c.rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	parts := strings.SplitN(v, "|", 2)
	if parts[0] == c.version {
		return nil
	}
	return c.rdb.Del(ctx, key).Err()
}

// DropLegacy deletes values in an old format: compared with a constant.
func (c *Cache) DropLegacy(ctx context.Context, key string) error {
	v, err := c.rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	if strings.HasPrefix(v, "v1:") {
		return c.rdb.Del(ctx, key).Err()
	}
	return nil
}
