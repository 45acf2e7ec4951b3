// Package v9 takes go-redis v9 locks in the ways that drop the answer,
// and in the ways that read it.
package v9

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrLocked = errors.New("v9: lock held by another client")

const unlockScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var unlock = redis.NewScript(unlockScript)

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Mutex is a lock with its key and token, released with a compare script.
type Mutex struct {
	rdb   redis.UniversalClient
	key   string
	token string
	ttl   time.Duration
}

func NewMutex(rdb redis.UniversalClient, name string, ttl time.Duration) *Mutex {
	return &Mutex{rdb: rdb, key: "mutex:" + name, token: newToken(), ttl: ttl}
}

// Lock returns the command's error only: SetNX says "held" with false and
// a nil error, so every caller believes it holds the lock.
func (m *Mutex) Lock(ctx context.Context) error {
	return m.rdb.SetNX(ctx, m.key, m.token, m.ttl).Err() // want `SetNX acquires lock key m.key but never looks at whether it did \(only .Err\(\) is checked, and it is nil when another client holds the lock\): when another client holds the lock this caller runs the guarded code anyway, so there is no mutual exclusion; read the answer and stop when the lock is held`
}

// TryLock hands the answer to its caller: the caller is judged.
func (m *Mutex) TryLock(ctx context.Context) (bool, error) {
	return m.rdb.SetNX(ctx, m.key, m.token, m.ttl).Result() // ok: returned
}

// LockOrFail reads the answer.
func (m *Mutex) LockOrFail(ctx context.Context) error {
	ok, err := m.rdb.SetNX(ctx, m.key, m.token, m.ttl).Result() // ok: ok is read
	if err != nil {
		return err
	}
	if !ok {
		return ErrLocked
	}
	return nil
}

func (m *Mutex) Unlock(ctx context.Context) error {
	n, err := unlock.Run(ctx, m.rdb, []string{m.key}, m.token).Int()
	if err == nil && n == 0 {
		return ErrLocked
	}
	return err
}

// Obtain uses SetArgs NX: a held lock is redis.Nil, told apart here.
func (m *Mutex) Obtain(ctx context.Context) error {
	err := m.rdb.SetArgs(ctx, m.key, m.token, redis.SetArgs{Mode: "NX", TTL: m.ttl}).Err() // ok: redis.Nil handled
	if errors.Is(err, redis.Nil) {
		return ErrLocked
	}
	return err
}

// ObtainStrict lets any error, redis.Nil included, stop the caller.
func (m *Mutex) ObtainStrict(ctx context.Context) error {
	if err := m.rdb.SetArgs(ctx, m.key, m.token, redis.SetArgs{Mode: "NX", TTL: m.ttl}).Err(); err != nil { // ok: a held lock takes the error path
		return err
	}
	return nil
}

// ObtainLenient treats redis.Nil as "no error".
func (m *Mutex) ObtainLenient(ctx context.Context) error {
	err := m.rdb.SetArgs(ctx, m.key, m.token, redis.SetArgs{Mode: "NX", TTL: m.ttl}).Err() // want `SetArgs acquires lock key m.key but never looks at whether it did \(err is read only to let redis.Nil \(the lock is held\) through as success\)`
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	return nil
}
