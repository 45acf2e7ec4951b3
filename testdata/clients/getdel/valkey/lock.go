// Package valkey compares the lock value in Go before deleting.
package valkey

import (
	"context"

	"github.com/valkey-io/valkey-go"
)

// Unlock reads, compares and deletes in three steps.
func Unlock(ctx context.Context, c valkey.Client, name, token string) error {
	get := c.B().Get().Key("lock:" + name).Build()
	v, err := c.Do(ctx, get).ToString()
	if err != nil {
		return err
	}
	if v != token {
		return nil
	}
	return c.Do(ctx, c.B().Unlink().Key("lock:"+name).Build()).Error() // want `Unlink deletes lock key "lock:" \+ name after Get`
}

// UnlockIfeq is correct: Valkey's DELIFEQ compares and deletes.
func UnlockIfeq(ctx context.Context, c valkey.Client, name, token string) (int64, error) {
	return c.Do(ctx, c.B().Delifeq().Key("lock:"+name).Value(token).Build()).AsInt64()
}

// Renew reads, compares and renews.
func Renew(ctx context.Context, c valkey.Client, name, token string) error {
	if v, _ := c.Do(ctx, c.B().Get().Key("lock:"+name).Build()).ToString(); v != token {
		return nil
	}
	return c.Do(ctx, c.B().Expire().Key("lock:"+name).Seconds(30).Build()).Error() // want `Expire renews lock key "lock:" \+ name after Get`
}
