// Package scripts releases and renews locks with compare scripts and
// drops or keeps the reply in the ways real code does.
package scripts

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

var errLost = errors.New("scripts: lock lost")

var unlock = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`)

const extendLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *Lock) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

// Unlock trusts .Err(): a 0 reply is not an error.
func (l *Lock) Unlock(ctx context.Context) error {
	return unlock.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // want `Run runs an owner-checked release script on lock key l.key but checks only .Err\(\): it replies 0 when the key no longer holds our token \(the lock expired and another client may hold it\), which is not an error, so the lost lock goes unnoticed; read the integer reply and treat 0 as a lost lock`
}

// UnlockQuiet drops the reply entirely.
func (l *Lock) UnlockQuiet(ctx context.Context) {
	unlock.Run(ctx, l.rdb, []string{l.key}, l.token) // want `Run runs an owner-checked release script on lock key l.key but drops its result`
}

// Extend keeps only the error of Result.
func (l *Lock) Extend(ctx context.Context, ttl time.Duration) error {
	_, err := l.rdb.Eval(ctx, extendLua, []string{l.key}, l.token, ttl.Milliseconds()).Result() // want `Eval runs an owner-checked renewal script on lock key l.key but keeps only its error`
	return err
}

// Work defers the release.
func (l *Lock) Work(ctx context.Context, job func() error) error {
	ok, err := l.Acquire(ctx, time.Minute)
	if err != nil || !ok {
		return err
	}
	defer l.rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`, []string{l.key}, l.token) // want `Eval runs an owner-checked release script on lock key l.key but is deferred and its result dropped`
	return job()
}

// UnlockLogged checks .Err() inside an if: no clear fix.
func (l *Lock) UnlockLogged(ctx context.Context) {
	if err := unlock.Run(ctx, l.rdb, []string{l.key}, l.token).Err(); err != nil { // want `Run runs an owner-checked release script on lock key l.key but checks only .Err\(\)`
		log.Printf("unlock %s: %v", l.key, err)
	}
}

// UnlockChecked reads the reply: ok.
func (l *Lock) UnlockChecked(ctx context.Context) error {
	n, err := unlock.Run(ctx, l.rdb, []string{l.key}, l.token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return nil
}

// ExtendChecked reads the reply through Result: ok.
func (l *Lock) ExtendChecked(ctx context.Context, ttl time.Duration) (bool, error) {
	res, err := l.rdb.Eval(ctx, extendLua, []string{l.key}, l.token, ttl.Milliseconds()).Result()
	if err != nil {
		return false, err
	}
	return res.(int64) == 1, nil
}

// UnlockBestEffort discards the reply on purpose, visibly: ok.
func (l *Lock) UnlockBestEffort(ctx context.Context) {
	_ = unlock.Run(ctx, l.rdb, []string{l.key}, l.token)
}

// UnlockVal uses the value: ok.
func (l *Lock) UnlockVal(ctx context.Context) bool {
	return unlock.Run(ctx, l.rdb, []string{l.key}, l.token).Val() == int64(1)
}

// Unconditional deletes are another analyzer's concern (bare-del); this
// one only judges owner-checked releases.
func (l *Lock) Pipelined(ctx context.Context) error {
	_, err := l.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		unlock.Run(ctx, p, []string{l.key}, l.token) // ok: queued, the reply is read after Exec
		return nil
	})
	return err
}

// A script that answers a mismatch with false: go-redis returns redis.Nil,
// so checking the error is enough.
var unlockNil = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return false`)

func (l *Lock) UnlockNil(ctx context.Context) error {
	return unlockNil.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // ok: a mismatch is redis.Nil
}

func (l *Lock) UnlockNilDropped(ctx context.Context) {
	unlockNil.Run(ctx, l.rdb, []string{l.key}, l.token) // want `Run runs an owner-checked release script on lock key l.key but drops its result: its nil reply \(redis.Nil\) is the only sign that the key no longer held our token`
}

// Reobtain is bsm/redislock's obtain script: it acquires, and re-obtains
// with the same token; a failure is a nil reply. Not a release.
var reobtain = redis.NewScript(`
if redis.call("set", KEYS[1], ARGV[1], "NX", "PX", ARGV[3]) then
	return redis.status_reply("OK")
end
local offset = tonumber(ARGV[2])
if redis.call("getrange", KEYS[1], 0, offset-1) == string.sub(ARGV[1], 1, offset) then
	return redis.call("set", KEYS[1], ARGV[1], "PX", ARGV[3])
end`)

func (l *Lock) Reobtain(ctx context.Context, ttl time.Duration) (bool, error) {
	_, err := reobtain.Run(ctx, l.rdb, []string{l.key}, l.token, len(l.token), ttl.Milliseconds()).Result() // ok: an acquire
	if err == redis.Nil {
		return false, nil
	}
	return err == nil, err
}
