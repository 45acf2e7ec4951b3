// Package redigolib is a small library-style lock over redigo: callers
// choose the key and the token when they build the lock.
package redigolib

import (
	"errors"
	"time"

	"github.com/gomodule/redigo/redis"
)

var ErrNotOwner = errors.New("redigolib: not the lock owner")

var unlockScript = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type Lock struct {
	pool  *redis.Pool
	key   string
	token string
	ttl   time.Duration
}

// NewLock builds a lock; importers pass their own token, so the acquire
// alone is not judged.
func NewLock(pool *redis.Pool, key, token string) *Lock {
	return &Lock{pool: pool, key: key, token: token, ttl: 30 * time.Second}
}

func (l *Lock) Lock() (bool, error) {
	conn := l.pool.Get()
	defer conn.Close()
	reply, err := redis.String(conn.Do("SET", l.key, l.token, "NX", "PX", l.ttl.Milliseconds()))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

func (l *Lock) Unlock() error {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(unlockScript.Do(conn, l.key, l.token))
	if err == nil && n == 0 {
		err = ErrNotOwner
	}
	return err
}
