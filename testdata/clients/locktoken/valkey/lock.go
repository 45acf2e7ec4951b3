// Package valkey writes a constant lock value with valkey-go.
package valkey

import (
	"context"

	"github.com/google/uuid"
	"github.com/valkey-io/valkey-go"
)

func LockConst(ctx context.Context, c valkey.Client, name string) (bool, error) {
	return c.Do(ctx, c.B().Setnx().Key("lock:"+name).Value("locked").Build()).AsBool() // want `Setnx writes the constant "locked" \(lock.go:\d+\) as the value of lock key "lock:" \+ name`
}

func LockUUID(ctx context.Context, c valkey.Client, name string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("mutex:"+name).Value(uuid.NewString()).Nx().ExSeconds(10).Build()).AsBool()
}
