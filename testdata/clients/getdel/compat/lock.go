// Package compat compares the lock value in Go through rueidiscompat.
package compat

import (
	"context"

	"github.com/redis/rueidis/rueidiscompat"
)

func Unlock(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	if c.Get(ctx, key).Val() == token {
		return c.Del(ctx, key).Err() // want `Del deletes lock key passed to Unlock as key after Get`
	}
	return nil
}

var release = rueidiscompat.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// UnlockScript is correct: compare and delete in one script.
func UnlockScript(ctx context.Context, c rueidiscompat.Cmdable, key, token string) (int64, error) {
	return release.Run(ctx, c, []string{key}, token).Int64()
}
