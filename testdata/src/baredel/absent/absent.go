// Package absent releases locks with scripts that also answer for a key
// that is already gone: a DEL in the branch where the script has just seen
// the key missing deletes nothing, so it is no bare release.
package absent

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	ErrBusy = errors.New("absent: lock busy")
	ErrLost = errors.New("absent: lock lost")
)

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *Lock) Lock(ctx context.Context, ttl time.Duration) error {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	return nil
}

// releaseOrGone answers -1 when the lock already expired; its DEL there
// is a leftover that deletes nothing.
const releaseOrGone = `local v = redis.call("get", KEYS[1])
if v == false then
	redis.call("del", KEYS[1])
	return -1
end
if v == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`

func (l *Lock) Unlock(ctx context.Context) error {
	n, err := l.rdb.Eval(ctx, releaseOrGone, []string{l.key}, l.token).Int() // ok: owner-checked, the other DEL hits a missing key
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLost
	}
	return nil
}

// unlinkIfGone only unlinks when EXISTS said the key is missing.
var unlinkIfGone = redis.NewScript(`if redis.call("exists", KEYS[1]) == 0 then return redis.call("unlink", KEYS[1]) end return 0`)

func (l *Lock) Tidy(ctx context.Context) error {
	return unlinkIfGone.Run(ctx, l.rdb, []string{l.key}).Err() // ok: a no-op on a missing key
}

// forceIfPresent deletes whenever the key exists, whoever holds it.
var forceIfPresent = redis.NewScript(`if redis.call("exists", KEYS[1]) == 1 then return redis.call("del", KEYS[1]) end return 0`)

func (l *Lock) ForceUnlock(ctx context.Context) error {
	return forceIfPresent.Run(ctx, l.rdb, []string{l.key}).Err() // want `Run deletes lock key l.key \(acquired by SetNX at absent.go:26\) in a script that does not compare the owner token`
}

// recreateThenDelete sets the key where it was missing, then deletes it:
// after the SET the key exists, so the DEL is a real one.
const recreateThenDelete = `if redis.call("get", KEYS[1]) == false then
	redis.call("set", KEYS[1], ARGV[1])
end
return redis.call("del", KEYS[1])`

func (l *Lock) Reset(ctx context.Context) error {
	return l.rdb.Eval(ctx, recreateThenDelete, []string{l.key}, l.token).Err() // want `Eval deletes lock key l.key \(acquired by SetNX at absent.go:26\) in a script that does not compare the owner token`
}
