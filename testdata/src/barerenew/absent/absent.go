// Package absent renews locks from watchdogs with scripts that also answer
// for a key that is already gone: a PEXPIRE in the branch where the script
// has just seen the key missing extends nothing.
package absent

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrLost = errors.New("absent: lock lost")

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

func (l *Lock) Lock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// extendOrGone answers -2 when the lock is gone; the PEXPIRE left in that
// branch extends nothing.
var extendOrGone = redis.NewScript(`local v = redis.call("get", KEYS[1])
if v == false then
	redis.call("pexpire", KEYS[1], ARGV[2])
	return -2
end
if v ~= ARGV[1] then return 0 end
return redis.call("pexpire", KEYS[1], ARGV[2])`)

// Watch renews until the lock is lost or ctx ends.
func (l *Lock) Watch(ctx context.Context) error {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		n, err := extendOrGone.Run(ctx, l.rdb, []string{l.key}, l.token, l.ttl.Milliseconds()).Int() // ok: owner-checked, the other PEXPIRE hits a missing key
		if err != nil {
			return err
		}
		if n != 1 {
			return ErrLost
		}
	}
}

// reacquireOrExtend takes the lock again when it is gone (a SET of a key
// nobody holds) and extends it only for its owner.
const reacquireOrExtend = `local v = redis.call("GET", KEYS[1])
if not v then return redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2]) end
if v == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end
return 0`

func (l *Lock) Keep(ctx context.Context) error {
	reply, err := l.rdb.Eval(ctx, reacquireOrExtend, []string{l.key}, l.token, l.ttl.Milliseconds()).Result() // ok
	if err != nil {
		return err
	}
	if reply == int64(0) {
		return ErrLost
	}
	return nil
}

// extendIfPresent extends whoever holds the key.
var extendIfPresent = redis.NewScript(`if redis.call("exists", KEYS[1]) == 1 then return redis.call("pexpire", KEYS[1], ARGV[1]) end return 0`)

func (l *Lock) Touch(ctx context.Context) error {
	return extendIfPresent.Run(ctx, l.rdb, []string{l.key}, l.ttl.Milliseconds()).Err() // want `Run renews lock key l.key with a new TTL \(acquired by SetNX at absent.go:24\) in a script that does not compare the owner token`
}
