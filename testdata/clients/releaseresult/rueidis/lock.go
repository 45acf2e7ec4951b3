// Package rueidis drops and reads the answer of owner-checked releases.
package rueidis

import (
	"context"
	"errors"

	"github.com/redis/rueidis"
)

var errLost = errors.New("rueidis: lock lost")

var release = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// Unlock checks only the error: a 0 reply (not the owner) is not one.
func Unlock(ctx context.Context, c rueidis.Client, key, token string) error {
	return release.Exec(ctx, c, []string{key}, []string{token}).Error() // want `Exec runs an owner-checked release script on lock key passed to Unlock as key but checks only .Error\(\)`
}

// UnlockBuilder does the same with an EVAL builder, as a statement.
func UnlockBuilder(ctx context.Context, c rueidis.Client, key, token string) {
	c.Do(ctx, c.B().Eval().Script(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`).Numkeys(1).Key(key).Arg(token).Build()) // want `Eval runs an owner-checked release script on lock key passed to UnlockBuilder as key but drops its result`
}

// UnlockDelifeq drops DELIFEQ's 0.
func UnlockDelifeq(ctx context.Context, c rueidis.Client, key, token string) error {
	return c.Do(ctx, c.B().Delifeq().Key(key).Value(token).Build()).Error() // want `Delifeq sends an owner-checked release \(DELIFEQ\) on lock key passed to UnlockDelifeq as key but checks only .Error\(\)`
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
