// Package ifacecmp reads the reply of a compare-and-delete script as an
// interface{} and compares it with a constant: go-redis hands integer
// replies over as int64, so `res == 0` compares an int64 with an int and
// is never true.
package ifacecmp

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"
)

const unlock = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var ErrNotHeld = errors.New("ifacecmp: lock not held")

type Mutex struct {
	rdb   *redis.Client
	key   string
	token string
}

func (m *Mutex) Unlock(ctx context.Context) error {
	res, err := m.rdb.Eval(ctx, unlock, []string{m.key}, m.token).Result() // want `Eval runs an owner-checked release script on lock key m.key but compares its interface\{\} reply with an int constant, which never equals the int64 the reply holds`
	if err != nil || res == 0 {
		return ErrNotHeld
	}
	return nil
}

// UnlockTyped compares with an int64: correct.
func (m *Mutex) UnlockTyped(ctx context.Context) error {
	res, err := m.rdb.Eval(ctx, unlock, []string{m.key}, m.token).Result() // ok: int64(0) can equal the reply
	if err != nil || res == int64(0) {
		return ErrNotHeld
	}
	return nil
}

// UnlockNotOne is true for every reply: it reports too much, not too little.
func (m *Mutex) UnlockNotOne(ctx context.Context) error {
	res, err := m.rdb.Eval(ctx, unlock, []string{m.key}, m.token).Result() // ok: != sees the mismatch
	if err != nil || res != 1 {
		return ErrNotHeld
	}
	return nil
}

// UnlockInt reads the reply as an integer.
func (m *Mutex) UnlockInt(ctx context.Context) error {
	n, err := m.rdb.Eval(ctx, unlock, []string{m.key}, m.token).Int64() // ok: typed
	if err != nil || n == 0 {
		return ErrNotHeld
	}
	return nil
}
