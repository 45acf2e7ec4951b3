// Package redigo takes redigo locks: SET NX replies nil with no error when
// the lock is held, SETNX replies 0.
package redigo

import (
	"errors"

	"github.com/gomodule/redigo/redis"
)

var errHeld = errors.New("redigo: held")

var release = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type Lock struct {
	pool  *redis.Pool
	key   string
	token string
}

// Acquire checks only the error of Do.
func (l *Lock) Acquire() error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := conn.Do("SET", l.key, l.token, "NX", "PX", 30000) // want `Do\("SET"\) acquires lock key l.key but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
	return err
}

// TryAcquire compares the reply with nil.
func (l *Lock) TryAcquire() (bool, error) {
	conn := l.pool.Get()
	defer conn.Close()
	reply, err := conn.Do("SET", l.key, l.token, "NX", "PX", 30000) // ok: reply compared
	if err != nil {
		return false, err
	}
	return reply != nil, nil
}

// AcquireString converts with redis.String: a nil reply becomes ErrNil,
// which the err != nil check sends back to the caller.
func (l *Lock) AcquireString() error {
	conn := l.pool.Get()
	defer conn.Close()
	if _, err := redis.String(conn.Do("SET", l.key, l.token, "NX", "EX", 30)); err != nil { // ok: ErrNil takes the error path
		return err
	}
	return nil
}

// AcquireLax lets ErrNil through.
func (l *Lock) AcquireLax() error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := redis.String(conn.Do("SET", l.key, l.token, "NX", "EX", 30)) // want `err is read only to let redis.ErrNil \(the lock is held\) through as success`
	if err != nil && err != redis.ErrNil {
		return err
	}
	return nil
}

// Legacy uses SETNX and reads the integer reply.
func (l *Lock) Legacy() (bool, error) {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(conn.Do("SETNX", l.key, l.token)) // ok: n is read
	if err != nil || n == 0 {
		return false, err
	}
	_, err = conn.Do("EXPIRE", l.key, 30)
	return true, err
}

// LegacyBlind sends SETNX as a statement.
func (l *Lock) LegacyBlind() {
	conn := l.pool.Get()
	defer conn.Close()
	conn.Do("SETNX", l.key, l.token) // want `Do\("SETNX"\) acquires lock key l.key but never looks at whether it did \(its result is discarded\)`
	conn.Do("EXPIRE", l.key, 30)
}

func (l *Lock) Release() error {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(release.Do(conn, l.key, l.token))
	if err == nil && n == 0 {
		return errHeld
	}
	return err
}
