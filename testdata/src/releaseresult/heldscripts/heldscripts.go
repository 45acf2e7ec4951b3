// Package heldscripts keeps its compare scripts where real code keeps
// them: a *redis.Script in a field the constructor sets, a source read
// from a .lua file by //go:embed into a field, a source in a local. The
// reply is dropped or only its error kept, as the inline forms in
// ../scripts do.
package heldscripts

import (
	"context"
	_ "embed"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

//go:embed unlock.lua
var unlockSource string

var ErrNotHeld = errors.New("heldscripts: lock not held")

// Mutex holds its scripts in fields its constructor sets.
type Mutex struct {
	rdb       *redis.Client
	key       string
	token     string
	release   *redis.Script
	extendSrc string
	unlockSrc string
}

func NewMutex(rdb *redis.Client, name string) *Mutex {
	return &Mutex{
		rdb:       rdb,
		key:       "mutex:" + name,
		token:     uuid.NewString(),
		release:   redis.NewScript(unlockSource),
		extendSrc: `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`,
		unlockSrc: unlockSource,
	}
}

func (m *Mutex) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	return m.rdb.SetNX(ctx, m.key, m.token, ttl).Result()
}

// Unlock keeps only the error of Result: a 0 reply is not an error.
func (m *Mutex) Unlock(ctx context.Context) error {
	_, err := m.release.Run(ctx, m.rdb, []string{m.key}, m.token).Result() // want `Run runs an owner-checked release script on lock key m.key but keeps only its error`
	return err
}

// Extend keeps only the error of Int.
func (m *Mutex) Extend(ctx context.Context, ttl time.Duration) error {
	_, err := m.rdb.Eval(ctx, m.extendSrc, []string{m.key}, m.token, ttl.Milliseconds()).Int() // want `Eval runs an owner-checked renewal script on lock key m.key but keeps only its error`
	return err
}

// ForceUnlock drops the reply of the embedded script held in a field.
func (m *Mutex) ForceUnlock(ctx context.Context) {
	m.rdb.Eval(ctx, m.unlockSrc, []string{m.key}, m.token) // want `Eval runs an owner-checked release script on lock key m.key but drops its result`
}

// UnlockChecked reads the reply: ok.
func (m *Mutex) UnlockChecked(ctx context.Context) error {
	n, err := m.release.Run(ctx, m.rdb, []string{m.key}, m.token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotHeld
	}
	return nil
}

// Lease is released with a script source built into a local.
type Lease struct {
	rdb   redis.UniversalClient
	key   string
	owner string
}

func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.owner, 30*time.Second).Result()
}

func (l *Lease) Release(ctx context.Context) error {
	script := `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`
	_, err := l.rdb.Eval(ctx, script, []string{l.key}, l.owner).Result() // want `Eval runs an owner-checked release script on lock key l.key but keeps only its error`
	return err
}

func (l *Lease) ReleaseChecked(ctx context.Context) error {
	release := redis.NewScript(unlockSource)
	ok, err := release.Run(ctx, l.rdb, []string{l.key}, l.owner).Bool()
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotHeld
	}
	return nil
}
