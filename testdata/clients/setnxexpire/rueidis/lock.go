// Package rueidis holds split acquires written with rueidis builder chains.
package rueidis

import (
	"context"
	"errors"
	"time"

	"github.com/redis/rueidis"
)

var errBusy = errors.New("rueidis: lock busy")

// Lock acquires with SET NX and gives the key its TTL in a second command.
func Lock(ctx context.Context, c rueidis.Client, name, token string) error {
	ok, err := c.Do(ctx, c.B().Set().Key("lock:"+name).Value(token).Nx().Build()).AsBool()
	if err != nil || !ok {
		return errBusy
	}
	c.Do(ctx, c.B().Expire().Key("lock:"+name).Seconds(30).Build()) // want `Expire sets the TTL of lock key "lock:" \+ name only after Set acquired it \(lock.go:16\)`
	return nil
}

// LockSetnx uses the SETNX command, then PEXPIRE.
func LockSetnx(ctx context.Context, c rueidis.Client, name, token string) error {
	ok, err := c.Do(ctx, c.B().Setnx().Key("mutex:"+name).Value(token).Build()).AsBool()
	if err != nil || !ok {
		return errBusy
	}
	c.Do(ctx, c.B().Pexpire().Key("mutex:"+name).Milliseconds(30000).Build()) // want `Pexpire sets the TTL of lock key "mutex:" \+ name only after Setnx acquired it`
	return nil
}

// LockPipelined sends both in one DoMulti: the EXPIRE runs even when the
// SETNX failed.
func LockPipelined(ctx context.Context, c rueidis.Client, name, token string) error {
	res := c.DoMulti(ctx,
		c.B().Setnx().Key("lock:pipe:"+name).Value(token).Build(),
		c.B().Expire().Key("lock:pipe:"+name).Seconds(30).Build(), // want `Expire of "lock:pipe:" \+ name is queued in the same pipeline as Setnx`
	)
	return res[0].Error()
}

// LockForever never gives the key a TTL.
func LockForever(ctx context.Context, c rueidis.Client, name, token string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("lock:forever:"+name).Value(token).Nx().Build()).AsBool() // want `Set acquires lock key "lock:forever:" \+ name with no TTL`
}

func UnlockForever(ctx context.Context, c rueidis.Client, name string) error {
	return c.Do(ctx, c.B().Del().Key("lock:forever:"+name).Build()).Error()
}

// LockOK is correct: one SET NX PX.
func LockOK(ctx context.Context, c rueidis.Client, name, token string, ttl time.Duration) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("lock:ok:"+name).Value(token).Nx().Px(ttl).Build()).AsBool()
}

// MarkProcessed is a dedup marker, not a lock.
func MarkProcessed(ctx context.Context, c rueidis.Client, id string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("processed:"+id).Value("1").Nx().Ex(24*time.Hour).Build()).AsBool()
}

// Seen is a marker with no TTL meant to last.
func Seen(ctx context.Context, c rueidis.Client, id string) (bool, error) {
	return c.Do(ctx, c.B().Setnx().Key("seen:"+id).Value("1").Build()).AsBool()
}

// PipelinedOK sends an acquire with its TTL and a read in one DoMulti.
func PipelinedOK(ctx context.Context, c rueidis.Client, name, token string) error {
	res := c.DoMulti(ctx,
		c.B().Set().Key("lock:pipeok:"+name).Value(token).Nx().ExSeconds(30).Build(),
		c.B().Get().Key("lock:pipeok:"+name).Build(),
	)
	return res[0].Error()
}
