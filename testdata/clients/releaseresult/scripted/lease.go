// Package scripted releases leases through a helper package that runs the
// scripts it is given.
package scripted

import (
	"context"
	"errors"
	"time"

	"example.com/clients/releaseresult/scripted/luarun"
	"github.com/redis/rueidis"
)

// ErrLost is returned when the lease was no longer ours.
var ErrLost = errors.New("scripted: lease lost")

var (
	release = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
	// errRelease replies an error when the token differs: checking the
	// error sees it.
	errRelease = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) ~= ARGV[1] then return redis.error_reply("not owner") end return redis.call("del", KEYS[1])`)
)

// Lease is one holder's claim on a key.
type Lease struct {
	run   *luarun.Runner
	key   string
	token string
}

func (l *Lease) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	c := l.run.C
	return c.Do(ctx, c.B().Set().Key(l.key).Value(l.token).Nx().Px(ttl).Build()).AsBool()
}

// Release drops the reply inside the helper.
func (l *Lease) Release(ctx context.Context) {
	l.run.Fire(ctx, release, l.key, l.token) // want `Fire \(EVALSHA at luarun.go:19\) runs an owner-checked release script on lock key l.key but drops its result`
}

// ReleaseErr keeps only the helper's error, which a 0 reply is not.
func (l *Lease) ReleaseErr(ctx context.Context) error {
	return l.run.Run(ctx, release, l.key, l.token) // want `Run \(EVALSHA at luarun.go:24\) runs an owner-checked release script on lock key l.key but keeps only its error`
}

// ReleaseChecked is correct: the helper hands the reply back and 0 is
// read as a lost lease.
func (l *Lease) ReleaseChecked(ctx context.Context) error {
	n, err := l.run.Int(ctx, release, l.key, l.token)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLost
	}
	return nil
}

// ReleaseErrScript is correct: this script replies an error when the
// token differs, and the helper's error carries it.
func (l *Lease) ReleaseErrScript(ctx context.Context) error {
	return l.run.Run(ctx, errRelease, l.key, l.token)
}

// fire hands the script its caller names on to the helper.
func (l *Lease) fire(ctx context.Context, script *rueidis.Lua) {
	l.run.Fire(ctx, script, l.key, l.token)
}

// ReleaseVia drops the reply two helpers down.
func (l *Lease) ReleaseVia(ctx context.Context) {
	l.fire(ctx, release) // want `fire \(EVALSHA at luarun.go:19\) runs an owner-checked release script on lock key l.key but drops its result`
}

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// ReleaseSource drops the reply of an EVAL the helper builds from the
// source passed.
func (l *Lease) ReleaseSource(ctx context.Context) {
	l.run.FireSource(ctx, releaseSrc, l.key, l.token) // want `FireSource \(EVAL at luarun.go:35\) runs an owner-checked release script on lock key l.key but drops its result`
}

// ReleaseSourceChecked is correct: 0 is read as a lost lease.
func (l *Lease) ReleaseSourceChecked(ctx context.Context) error {
	n, err := l.run.IntSource(ctx, releaseSrc, l.key, l.token)
	if err == nil && n == 0 {
		err = ErrLost
	}
	return err
}

// ReleaseHeld keeps only the error of a reply the helper held.
func (l *Lease) ReleaseHeld(ctx context.Context) error {
	return l.run.RunHeld(ctx, release, l.key, l.token) // want `RunHeld \(EVALSHA at luarun.go:46\) runs an owner-checked release script on lock key l.key but keeps only its error`
}
