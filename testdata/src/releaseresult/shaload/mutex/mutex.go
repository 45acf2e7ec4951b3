// Package mutex runs the loaded scripts through an EvalSha wrapper of its
// own: the wrapper passes its caller's SHA1 and keys on, so each call runs
// the script the caller names.
package mutex

import (
	"context"
	"errors"
	"strconv"
	"time"

	"example.com/fixtures/releaseresult/shaload/scripts"
	"github.com/redis/go-redis/v9"
)

type Lua struct{ rdb *redis.Client }

func (l *Lua) EvalSha(sha string, keys []string, args ...any) (any, error) {
	return l.rdb.EvalSha(context.Background(), sha, keys, args...).Result()
}

type Mutex struct {
	lua   *Lua
	key   string
	token string
}

var errLost = errors.New("mutex: lock lost")

func (m *Mutex) Lock() (bool, error) {
	res, err := m.lua.EvalSha(scripts.Acquire, []string{m.key}, m.token, strconv.Itoa(int(time.Minute.Milliseconds())))
	return res != nil, err
}

// Unlock looks only at the reply's type: a 0 (not the owner) passes.
func (m *Mutex) Unlock() error {
	resp, err := m.lua.EvalSha(scripts.Release, []string{m.key}, m.token) // want `EvalSha \(EVALSHA at mutex.go:19\) runs an owner-checked release script on lock key m.key but keeps only its error`
	if err != nil {
		return err
	}
	_, ok := resp.(int64)
	if !ok {
		return nil
	}
	return nil
}

// UnlockChecked reads the reply.
func (m *Mutex) UnlockChecked() error {
	resp, err := m.lua.EvalSha(scripts.Release, []string{m.key}, m.token) // ok: the reply is compared
	if err != nil {
		return err
	}
	if n, _ := resp.(int64); n == 0 {
		return errLost
	}
	return nil
}

// UnlockOther runs a SHA1 that may be either script: nothing is known.
func (m *Mutex) UnlockOther() error {
	_, err := m.lua.EvalSha(scripts.Other, []string{m.key}, m.token) // ok: unknown script
	return err
}

// UnlockLocal loads the script into a local first.
func (m *Mutex) UnlockLocal(ctx context.Context, rdb *redis.Client) error {
	sha := rdb.ScriptLoad(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`).Val()
	return rdb.EvalSha(ctx, sha, []string{m.key}, m.token).Err() // want `EvalSha runs an owner-checked release script on lock key m.key but checks only .Err\(\)`
}

// UnlockHeld runs the release loaded through a held command, and looks
// only at the error.
func (m *Mutex) UnlockHeld() error {
	_, err := m.lua.EvalSha(scripts.ReleaseHeld, []string{m.key}, m.token) // want `EvalSha \(EVALSHA at mutex.go:19\) runs an owner-checked release script on lock key m.key but keeps only its error`
	return err
}
