// Package rueian drops and reads the answer of owner-checked releases
// written with rueidis and its go-redis-shaped adapter at their import
// path before the move to github.com/redis/rueidis.
package rueian

import (
	"context"
	"errors"

	"github.com/rueian/rueidis"
	"github.com/rueian/rueidis/rueidiscompat"
)

var errLost = errors.New("rueian: lock lost")

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var release = rueidis.NewLuaScript(releaseSrc)

// Unlock checks only the error: a 0 reply (not the owner) is not one.
func Unlock(ctx context.Context, c rueidis.Client, key, token string) error {
	return release.Exec(ctx, c, []string{key}, []string{token}).Error() // want `Exec runs an owner-checked release script on lock key passed to Unlock as key but checks only .Error\(\)`
}

// UnlockChecked is correct: the reply is read.
func UnlockChecked(ctx context.Context, c rueidis.Client, key, token string) error {
	n, err := release.Exec(ctx, c, []string{key}, []string{token}).AsInt64()
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return nil
}

// UnlockCompat runs the script through the adapter's Eval and checks only
// .Err().
func UnlockCompat(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	return c.Eval(ctx, releaseSrc, []string{key}, token).Err() // want `Eval runs an owner-checked release script on lock key passed to UnlockCompat as key but checks only .Err\(\)`
}

// UnlockCompatChecked is correct.
func UnlockCompatChecked(ctx context.Context, c rueidiscompat.Cmdable, key, token string) (bool, error) {
	n, err := c.Eval(ctx, releaseSrc, []string{key}, token).Int64()
	return n == 1, err
}
