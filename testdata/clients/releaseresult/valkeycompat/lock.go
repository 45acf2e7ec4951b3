// Package valkeycompat drops and reads the answer of a compare script run
// through valkey-go's go-redis-shaped adapter.
package valkeycompat

import (
	"context"
	"errors"

	"github.com/valkey-io/valkey-go/valkeycompat"
)

var errLost = errors.New("valkeycompat: lock lost")

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var release = valkeycompat.NewScript(releaseSrc)

// Unlock drops the whole result of Script.Run.
func Unlock(ctx context.Context, c valkeycompat.Cmdable, key, token string) {
	release.Run(ctx, c, []string{key}, token) // want `Run runs an owner-checked release script on lock key passed to Unlock as key but drops its result`
}

// UnlockEval keeps only the error of Eval.
func UnlockEval(ctx context.Context, c valkeycompat.Cmdable, key, token string) error {
	_, err := c.Eval(ctx, releaseSrc, []string{key}, token).Result() // want `Eval runs an owner-checked release script on lock key passed to UnlockEval as key but keeps only its error`
	return err
}

// UnlockSha runs the script by its digest and checks only .Err().
func UnlockSha(ctx context.Context, c valkeycompat.Cmdable, key, token string) error {
	return c.EvalSha(ctx, release.Hash(), []string{key}, token).Err() // want `EvalSha runs an owner-checked release script on lock key passed to UnlockSha as key but checks only .Err\(\)`
}

// UnlockChecked is correct: 0 is read as a lost lock.
func UnlockChecked(ctx context.Context, c valkeycompat.Cmdable, key, token string) error {
	n, err := release.Run(ctx, c, []string{key}, token).Int64()
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return nil
}
