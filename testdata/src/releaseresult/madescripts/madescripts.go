// Package madescripts releases its locks with scripts that another
// package builds or sends: the script object a function there returns
// runs the source it was built from, and a wrapper there that takes the
// source runs the caller's.
package madescripts

import (
	"context"
	"errors"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"

	"example.com/fixtures/releaseresult/madescripts/lua"
)

const unlockSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

var unlockScript = redis.NewScript(unlockSrc)

// ErrNotHeld is returned when the lock was lost before its release.
var ErrNotHeld = errors.New("lock not held")

// Lock is one named lock and the token this holder wrote.
type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

// Unlock releases with the shared script, reading only its error.
func (l *Lock) Unlock(ctx context.Context) error {
	return lua.Release().Run(ctx, l.rdb, []string{l.key}, l.token).Err() // want `Run runs an owner-checked release script on lock key l.key but checks only .Err\(\)`
}

// UnlockCompiled builds the script from this package's source.
func (l *Lock) UnlockCompiled(ctx context.Context) error {
	return lua.Compile(unlockSrc).Run(ctx, l.rdb, []string{l.key}, l.token).Err() // want `Run runs an owner-checked release script on lock key l.key but checks only .Err\(\)`
}

// UnlockCached runs this package's source by its SHA1.
func (l *Lock) UnlockCached(ctx context.Context) error {
	return lua.RunCached(ctx, l.rdb, unlockSrc, []string{l.key}, l.token).Err() // want `RunCached \(EVALSHA at lua.go:25\) runs an owner-checked release script on lock key l.key but checks only .Err\(\)`
}

// UnlockByDigest runs this package's script by the SHA1 the lua package
// computes for it.
func (l *Lock) UnlockByDigest(ctx context.Context) error {
	sha := lua.Digest(unlockScript)
	return l.rdb.EvalSha(ctx, sha, []string{l.key}, l.token).Err() // want `EvalSha runs an owner-checked release script on lock key l.key but checks only .Err\(\)`
}

// UnlockChecked reads the reply: 0 is a lost lock.
func (l *Lock) UnlockChecked(ctx context.Context) error {
	n, err := lua.Release().Run(ctx, l.rdb, []string{l.key}, l.token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotHeld
	}
	return nil
}

// UnlockConn releases over redigo, keeping only the error.
func UnlockConn(c redigo.Conn, key, token string) error {
	_, err := lua.EvalOne(c, unlockSrc, key, token) // want `EvalOne \(EVAL at lua.go:31\) runs an owner-checked release script on lock key passed to UnlockConn as key but keeps only its error`
	return err
}

// UnlockConnChecked reads the reply.
func UnlockConnChecked(c redigo.Conn, key, token string) error {
	n, err := redigo.Int(lua.EvalOne(c, unlockSrc, key, token))
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotHeld
	}
	return nil
}
