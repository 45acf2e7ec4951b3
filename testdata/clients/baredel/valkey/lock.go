// Package valkey releases a lock with an unconditional DEL.
package valkey

import (
	"context"
	"time"

	"github.com/valkey-io/valkey-go"
	"github.com/valkey-io/valkey-go/valkeylock"
)

func AcquireLock(ctx context.Context, c valkey.Client, name, token string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("lock:"+name).Value(token).Nx().Ex(10*time.Second).Build()).AsBool()
}

// ReleaseLock builds the DEL first and sends it later: the finding is
// at the builder, where the key is written, with the Do as related
// information.
func ReleaseLock(ctx context.Context, c valkey.Client, name string) error {
	del := c.B().Del().Key("lock:" + name).Build() // want `Del releases lock key "lock:" \+ name .* without checking the owner token`
	return c.Do(ctx, del).Error()
}

// ReleaseChecked is correct: DELIFEQ.
func ReleaseChecked(ctx context.Context, c valkey.Client, name, token string) error {
	return c.Do(ctx, c.B().Delifeq().Key("lock:"+name).Value(token).Build()).Error()
}

// Job uses valkeylock.
func Job(ctx context.Context, locker valkeylock.Locker) error {
	_, cancel, err := locker.TryWithContext(ctx, "job")
	if err != nil {
		return err
	}
	cancel()
	return nil
}

// Cleanup deletes a cache entry: not a lock key.
func Cleanup(ctx context.Context, c valkey.Client, id string) error {
	return c.Do(ctx, c.B().Del().Key("cache:"+id).Build()).Error()
}
