// Package valkey renews a lock with an unconditional PEXPIRE in a watchdog.
package valkey

import (
	"context"
	"time"

	"github.com/valkey-io/valkey-go"
)

func TryLock(ctx context.Context, c valkey.Client, name, token string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("lock:"+name).Value(token).Nx().Px(5*time.Second).Build()).AsBool()
}

func Keep(ctx context.Context, c valkey.Client, name string, stop <-chan struct{}) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			c.Do(ctx, c.B().Pexpire().Key("lock:"+name).Milliseconds(5000).Build()) // want `Pexpire renews lock key "lock:" \+ name with a new TTL .* without checking the owner token`
		}
	}
}

// KeepChecked is correct: SET IFEQ with a new TTL.
func KeepChecked(ctx context.Context, c valkey.Client, name, token string) error {
	return c.Do(ctx, c.B().Set().Key("lock:"+name).Value(token).Ifeq(token).Px(5*time.Second).Build()).Error()
}

// Touch extends a session: not a lock key.
func Touch(ctx context.Context, c valkey.Client, id string) {
	c.Do(ctx, c.B().Expire().Key("session:"+id).Seconds(60).Build())
}
