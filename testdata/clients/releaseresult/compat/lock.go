// Package compat drops the answer of a compare script through rueidiscompat.
package compat

import (
	"context"

	"github.com/redis/rueidis/rueidiscompat"
)

var release = rueidiscompat.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func Unlock(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	return release.Run(ctx, c, []string{key}, token).Err() // want `Run runs an owner-checked release script on lock key passed to Unlock as key but checks only .Err\(\)`
}

// UnlockChecked is correct: 0 is read as a lost lock.
func UnlockChecked(ctx context.Context, c rueidiscompat.Cmdable, key, token string) (bool, error) {
	n, err := release.Run(ctx, c, []string{key}, token).Int64()
	return n == 1, err
}
