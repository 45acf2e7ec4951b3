// Package valkey exports a tenant's rows under a valkey-go lock.
package valkey

import (
	"context"
	"errors"

	"github.com/valkey-io/valkey-go"
)

var unlock = valkey.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

var errLost = errors.New("valkey: lock lost")

// Release is the export's release: an error means the lock is unknown.
func Release(ctx context.Context, c valkey.Client, key, token string) error {
	if err := ctx.Err(); err != nil {
		n, rerr := unlock.Exec(ctx, c, []string{key}, []string{token}).AsInt64() // want `Exec sends an owner-checked release of lock key passed to Release as key with ctx, which is done here \(err != nil at export.go:17, err being ctx.Err\(\)\): valkey-go fails`
		if rerr == nil && n == 0 {
			rerr = errLost
		}
		return errors.Join(err, rerr)
	}
	n, err := unlock.Exec(context.WithoutCancel(ctx), c, []string{key}, []string{token}).AsInt64() // ok: detached
	if err == nil && n == 0 {
		err = errLost
	}
	return err
}
