// Package valkey writes a constant lock value with valkey-go.
package valkey

import (
	"context"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/valkey-io/valkey-go"
)

func LockConst(ctx context.Context, c valkey.Client, name string) (bool, error) {
	return c.Do(ctx, c.B().Setnx().Key("lock:"+name).Value("locked").Build()).AsBool() // want `Setnx writes the constant "locked" \(lock.go:\d+\) as the value of lock key "lock:" \+ name`
}

func LockUUID(ctx context.Context, c valkey.Client, name string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("mutex:"+name).Value(uuid.NewString()).Nx().ExSeconds(10).Build()).AsBool()
}

// LockHost writes the host name.
func LockHost(ctx context.Context, c valkey.Client, name string) (bool, error) {
	host, _ := os.Hostname()
	return c.Do(ctx, c.B().Set().Key("lock:host:"+name).Value(host).Nx().ExSeconds(10).Build()).AsBool() // want `Set writes os.Hostname\(\) \(lock.go:\d+\) as the value of lock key "lock:host:" \+ name`
}

// LockTime writes the clock.
func LockTime(ctx context.Context, c valkey.Client, name string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("lock:time:"+name).Value(time.Now().String()).Nx().ExSeconds(10).Build()).AsBool() // want `Set writes time.Now\(\) \(lock.go:\d+\) as the value of lock key "lock:time:" \+ name`
}
