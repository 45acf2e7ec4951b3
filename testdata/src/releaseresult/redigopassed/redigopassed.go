// Package redigopassed releases redigo locks through a helper of another
// package that runs the script object it is passed: the script, and so
// its key count and what it does, is the caller's.
package redigopassed

import (
	"errors"

	"github.com/gomodule/redigo/redis"

	"example.com/fixtures/releaseresult/redigopassed/run"
)

var (
	release = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
	renew   = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)
	// audit counts releases: no key, so no lock command.
	audit = redis.NewScript(0, `return redis.call("incr", "releases")`)
)

var ErrNotOwner = errors.New("redigopassed: not the owner")

type Lock struct {
	pool  *redis.Pool
	key   string
	token string
}

// Unlock keeps only the error: a 0 reply (not the owner) goes unnoticed.
func (l *Lock) Unlock() error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := run.Once(conn, release, l.key, l.token) // want `Once \(EVALSHA at run.go:\d+\) runs an owner-checked release script on lock key l.key but keeps only its error`
	return err
}

// UnlockChecked reads the reply: correct.
func (l *Lock) UnlockChecked() error {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(run.Once(conn, release, l.key, l.token))
	if err == nil && n == 0 {
		err = ErrNotOwner
	}
	return err
}

// Audit runs a script with no key through the same helper: nothing to
// judge.
func (l *Lock) Audit() error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := run.Once(conn, audit, l.key, l.token)
	return err
}

// Renew drops the renewal's reply inside the helper: the helper's own
// statement, reported at the call that passes it the script.
func (l *Lock) Renew() {
	conn := l.pool.Get()
	defer conn.Close()
	run.Extend(conn, renew, l.key, l.token) // want `Extend \(EVALSHA at run.go:\d+\) runs an owner-checked renewal script on lock key l.key but drops its result`
}
