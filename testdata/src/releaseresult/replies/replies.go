// Package replies releases and renews locks with scripts whose answer on
// a lost lock is an integer, nil or an error reply, read from the Lua
// itself, and with go-redis v9's ways of keeping only the error.
package replies

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

var errLost = errors.New("replies: lock lost")

// Lock is a lock on key held with token.
type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *Lock) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

// unlockAndOr replies 0 through `or 0` when the compare fails: an integer.
var unlockAndOr = redis.NewScript(`return redis.call("get", KEYS[1]) == ARGV[1] and redis.call("del", KEYS[1]) or 0`)

func (l *Lock) Unlock(ctx context.Context) {
	if err := unlockAndOr.Run(ctx, l.rdb, []string{l.key}, l.token).Err(); err != nil { // want `Run runs an owner-checked release script on lock key l.key but checks only .Err\(\): it replies 0 when the key no longer holds our token`
		log.Printf("unlock %s: %v", l.key, err)
	}
}

// unlockChecked answers bad arguments with -2 before the compare, and a
// lost lock with false: the mismatch reaches go-redis as redis.Nil.
var unlockChecked = redis.NewScript(`
if ARGV[1] == "" then return -2 end
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return false`)

func (l *Lock) UnlockNil(ctx context.Context) error {
	_, err := unlockChecked.Run(ctx, l.rdb, []string{l.key}, l.token).Result() // ok: a lost lock is redis.Nil
	if errors.Is(err, redis.Nil) {
		return errLost
	}
	return err
}

// unlockError answers a lost lock with an error reply.
var unlockError = redis.NewScript(`
if redis.call("get", KEYS[1]) ~= ARGV[1] then
	return redis.error_reply("not owner")
end
return redis.call("del", KEYS[1])`)

func (l *Lock) UnlockErr(ctx context.Context) error {
	if err := unlockError.Run(ctx, l.rdb, []string{l.key}, l.token).Err(); err != nil { // ok: the error reply is the error
		return errLost
	}
	return nil
}

func (l *Lock) UnlockErrDropped(ctx context.Context) {
	unlockError.Run(ctx, l.rdb, []string{l.key}, l.token) // want `Run runs an owner-checked release script on lock key l.key but drops its result: its error reply is the only sign that the key no longer held our token`
}

// refreshGone answers -2 when the key is gone, and nil when another token
// holds it: the -2 is missed by an error-only check.
var refreshGone = redis.NewScript(`
if redis.call("exists", KEYS[1]) == 0 then return -2 end
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("pexpire", KEYS[1], ARGV[2])
end
return false`)

func (l *Lock) Refresh(ctx context.Context, ttl time.Duration) error {
	_, err := refreshGone.Run(ctx, l.rdb, []string{l.key}, l.token, ttl.Milliseconds()).Result() // want `Run runs an owner-checked renewal script on lock key l.key but keeps only its error: it replies 0`
	return err
}

var unlockZero = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

// UnlockAssigned keeps only the error with a plain assignment.
func (l *Lock) UnlockAssigned(ctx context.Context) (err error) {
	_, err = unlockZero.Run(ctx, l.rdb, []string{l.key}, l.token).Result() // want `Run runs an owner-checked release script on lock key l.key but keeps only its error`
	return err
}

// UnlockTyped checks the reply's type but never its value.
func (l *Lock) UnlockTyped(ctx context.Context) error {
	resp, err := unlockZero.Run(ctx, l.rdb, []string{l.key}, l.token).Result() // want `Run runs an owner-checked release script on lock key l.key but keeps only its error`
	if err != nil {
		return err
	}
	if _, ok := resp.(int64); !ok {
		return errors.New("replies: unexpected reply")
	}
	return nil
}

// UnlockTypedValue reads the value it asserts: ok.
func (l *Lock) UnlockTypedValue(ctx context.Context) error {
	resp, err := unlockZero.Run(ctx, l.rdb, []string{l.key}, l.token).Result() // ok
	if err != nil {
		return err
	}
	if n, ok := resp.(int64); !ok || n == 0 {
		return errLost
	}
	return nil
}

// UnlockTypedThenCompared asserts with _ but compares the reply too: ok.
func (l *Lock) UnlockTypedThenCompared(ctx context.Context) error {
	resp, err := unlockZero.Run(ctx, l.rdb, []string{l.key}, l.token).Result() // ok
	if err != nil {
		return err
	}
	if _, ok := resp.(int64); !ok || resp == int64(0) {
		return errLost
	}
	return nil
}
