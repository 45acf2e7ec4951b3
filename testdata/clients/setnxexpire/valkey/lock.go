// Package valkey holds split acquires written with valkey-go.
package valkey

import (
	"context"
	"errors"
	"time"

	"github.com/valkey-io/valkey-go"
)

var errBusy = errors.New("valkey: lock busy")

// Locker keeps its client and key in fields.
type Locker struct {
	c     valkey.Client
	key   string
	token string
}

// Lock builds the acquire into a local and sends it later.
func (l *Locker) Lock(ctx context.Context) error {
	acquire := l.c.B().Set().Key(l.key).Value(l.token).Nx().Build()
	if ok, err := l.c.Do(ctx, acquire).AsBool(); err != nil || !ok {
		return errBusy
	}
	l.c.Do(ctx, l.c.B().Expire().Key(l.key).Seconds(10).Build()) // want `Expire sets the TTL of lock key l.key only after Set acquired it`
	return nil
}

// LockPipelined queues both in a DoMulti.
func (l *Locker) LockPipelined(ctx context.Context) error {
	for _, r := range l.c.DoMulti(ctx,
		l.c.B().Set().Key(l.key).Value(l.token).Nx().Build(),
		l.c.B().Pexpire().Key(l.key).Milliseconds(10000).Build(), // want `Pexpire of l.key is queued in the same pipeline as Set`
	) {
		if err := r.Error(); err != nil {
			return err
		}
	}
	return nil
}

func (l *Locker) Unlock(ctx context.Context) error {
	return valkey.NewLuaScript(releaseSrc).Exec(ctx, l.c, []string{l.key}, []string{l.token}).Error()
}

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return redis.error_reply("not held")`

// TryLock never gives its key a TTL.
func TryLock(ctx context.Context, c valkey.Client, name, token string) (bool, error) {
	return c.Do(ctx, c.B().Setnx().Key("lock:"+name).Value(token).Build()).AsBool() // want `Setnx acquires lock key "lock:" \+ name with no TTL`
}

// LockOK is correct: SET NX EX in one command.
func LockOK(ctx context.Context, c valkey.Client, name, token string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("lock:ok:"+name).Value(token).Nx().ExSeconds(30).Build()).AsBool()
}

// Dedup is a marker, not a lock.
func Dedup(ctx context.Context, c valkey.Client, id string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("dedup:"+id).Value("1").Nx().Ex(time.Hour).Build()).AsBool()
}

// PipelinedOK sends an acquire with its TTL and a read in one DoMulti.
func PipelinedOK(ctx context.Context, c valkey.Client, name, token string) error {
	res := c.DoMulti(ctx,
		c.B().Set().Key("lock:pipeok:"+name).Value(token).Nx().ExSeconds(30).Build(),
		c.B().Get().Key("lock:pipeok:"+name).Build(),
	)
	return res[0].Error()
}
