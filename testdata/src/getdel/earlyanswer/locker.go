// Package earlyanswer releases locks the way many hand-written lockers
// do: a GET, a compare that answers a token that differs on the spot
// (return false, or a bare return), and a DEL whose reply is dropped. The
// fix replaces the three with one owner-checked release that answers a
// release that failed the way the code answered a token that differs.
package earlyanswer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/redis/go-redis/v9"
)

// Locker takes named locks on one Redis client.
type Locker struct {
	rdb *redis.Client
	ctx context.Context
	ttl time.Duration
}

// Lock takes the lock on key with value as its owner token.
func (l *Locker) Lock(key, value string) bool {
	return l.rdb.SetNX(l.ctx, key, value, l.ttl).Val()
}

// Unlock releases the lock on key when value still owns it.
func (l *Locker) Unlock(key, value string) bool {
	v := l.rdb.Get(l.ctx, key).Val()
	if v != value {
		return false
	}
	l.rdb.Del(l.ctx, key).Val() // want `Del deletes lock key passed to Locker.Unlock as key \(acquired by SetNX at locker.go:26\) after Get at locker.go:31 compared its value in Go`
	return true
}

// UnlockChecked answers a failed GET like a token that differs.
func (l *Locker) UnlockChecked(key, value string) bool {
	v, err := l.rdb.Get(l.ctx, key).Result()
	if err != nil {
		return false
	}
	if v != value {
		return false
	}
	l.rdb.Del(l.ctx, key) // want `Del deletes lock key passed to Locker.UnlockChecked as key \(acquired by SetNX at locker.go:26\) after Get at locker.go:41 compared its value in Go`
	return true
}

// UnlockOwner returns the owner it found: the answer reads the GET's
// value, which the release does not give back, so there is no fix.
func (l *Locker) UnlockOwner(key, value string) (bool, string) {
	owner := l.rdb.Get(l.ctx, key).Val()
	if owner != value {
		return false, owner
	}
	l.rdb.Del(l.ctx, key) // want `Del deletes lock key passed to Locker.UnlockOwner as key \(acquired by SetNX at locker.go:26\) after Get at locker.go:55 compared its value in Go`
	return true, owner
}

// UnlockTracked forgets the key after the DEL: a release that failed
// would now skip that, so there is no fix.
func (l *Locker) UnlockTracked(key, value string, held map[string]bool) bool {
	if l.rdb.Get(l.ctx, key).Val() != value {
		return false
	}
	l.rdb.Del(l.ctx, key) // want `Del deletes lock key passed to Locker.UnlockTracked as key \(acquired by SetNX at locker.go:26\) after Get at locker.go:66 compared its value in Go`
	delete(held, key)
	return true
}

// Run holds the lock on key while fn runs; the release is a closure that
// returns early when the lock is no longer its own.
func (l *Locker) Run(key string, fn func()) bool {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return false
	}
	token := hex.EncodeToString(b)
	if !l.rdb.SetNX(l.ctx, key, token, l.ttl).Val() {
		return false
	}
	release := func() {
		if l.rdb.Get(l.ctx, key).Val() != token {
			return
		}
		l.rdb.Del(l.ctx, key) // want `Del deletes lock key .* after Get at locker.go:86 compared its value in Go`
	}
	defer release()
	fn()
	return true
}
