// Package valkey drops and reads the answer of owner-checked releases.
package valkey

import (
	"context"

	"github.com/valkey-io/valkey-go"
)

var release = valkey.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func Unlock(ctx context.Context, c valkey.Client, key, token string) {
	release.Exec(ctx, c, []string{key}, []string{token}) // want `Exec runs an owner-checked release script on lock key passed to Unlock as key but drops its result`
}

func UnlockChecked(ctx context.Context, c valkey.Client, key, token string) (bool, error) {
	n, err := release.Exec(ctx, c, []string{key}, []string{token}).AsInt64()
	return n == 1, err
}

// UnlockNil is correct with .Error(): the script answers an error.
func UnlockNil(ctx context.Context, c valkey.Client, key, token string) error {
	return c.Do(ctx, c.B().Eval().Script(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return redis.error_reply("not held")`).Numkeys(1).Key(key).Arg(token).Build()).Error()
}
