// Package ttlparam acquires through helpers of its own that take the TTL
// from their callers: a call that passes none is where the lock gets no
// TTL, so it is reported there, as an acquire written at the call would
// be.
package ttlparam

import (
	"context"
	"errors"
	"time"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

const defaultTTL = 30 * time.Second

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type Locker struct{ rdb *redis.Client }

// acquire passes its ttl on unchanged.
func (l *Locker) acquire(ctx context.Context, key, token string, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, key, token, ttl).Result()
}

// acquireOrDefault gives a lock with no TTL the default one.
func (l *Locker) acquireOrDefault(ctx context.Context, key, token string, ttl time.Duration) (bool, error) {
	if ttl == 0 {
		ttl = defaultTTL
	}
	return l.rdb.SetNX(ctx, key, token, ttl).Result()
}

func (l *Locker) unlock(ctx context.Context, key, token string) error {
	n, err := release.Run(ctx, l.rdb, []string{key}, token).Int()
	if err == nil && n == 0 {
		err = errLost
	}
	return err
}

// Forever passes no TTL: the lock outlives a crashed holder.
func (l *Locker) Forever(ctx context.Context, token string, work func()) error {
	ok, err := l.acquire(ctx, "lock:forever", token, 0) // want `acquire acquires lock key "lock:forever" with no TTL and nothing ever sets one`
	if err != nil || !ok {
		return err
	}
	work()
	return l.unlock(ctx, "lock:forever", token)
}

// Bounded passes a TTL.
func (l *Locker) Bounded(ctx context.Context, token string, work func()) error {
	ok, err := l.acquire(ctx, "lock:bounded", token, time.Minute)
	if err != nil || !ok {
		return err
	}
	work()
	return l.unlock(ctx, "lock:bounded", token)
}

// Defaulted passes 0, which acquireOrDefault turns into its default TTL.
func (l *Locker) Defaulted(ctx context.Context, token string, work func()) error {
	ok, err := l.acquireOrDefault(ctx, "lock:defaulted", token, 0)
	if err != nil || !ok {
		return err
	}
	work()
	return l.unlock(ctx, "lock:defaulted", token)
}

var errLost = errors.New("ttlparam: lock lost")

// setEX sends SET NX EX through redigo, which has no "no expiry" for EX:
// Redis refuses EX 0, so a call passing 0 never holds a lock without a
// TTL (its acquire fails).
func setEX(conn redigo.Conn, key, token string, seconds int) (bool, error) {
	reply, err := redigo.String(conn.Do("SET", key, token, "NX", "EX", seconds))
	if err == redigo.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

func TryOnce(conn redigo.Conn, token string) (bool, error) {
	return setEX(conn, "lock:once", token, 0)
}
