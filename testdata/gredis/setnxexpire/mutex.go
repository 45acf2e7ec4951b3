// Package setnxexpire holds split acquires written with GoFrame's gredis.
// Its SetNX takes no TTL, so lock code written with it sets the expiry in
// a second command, Expire or PExpire, and a crash in between leaves a
// lock that never expires.
package setnxexpire

import (
	"context"
	"errors"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
)

// ErrBusy is returned when another holder has the lock.
var ErrBusy = errors.New("setnxexpire: lock busy")

// Mutex is a hand-written lock with its TTL in seconds, as gredis's
// Expire takes it.
type Mutex struct {
	redis *gredis.Redis
	key   string
	token string
	ttl   int64
}

// TryLock acquires with SETNX and sets the TTL afterwards.
func (m *Mutex) TryLock(ctx context.Context) (bool, error) {
	ok, err := m.redis.SetNX(ctx, m.key, m.token)
	if err != nil {
		return false, err
	}
	if !ok {
		return false, nil
	}
	if _, err := m.redis.Expire(ctx, m.key, m.ttl); err != nil { // want `Expire sets the TTL of lock key m.key only after SetNX acquired it`
		return false, err
	}
	return true, nil
}

// Lease is a lock whose TTL is a time.Duration, set in milliseconds.
type Lease struct {
	rdb   *gredis.Redis
	name  string
	owner string
	ttl   time.Duration
}

// Lock acquires in the if statement and sets the TTL after it.
func (l *Lease) Lock(ctx context.Context) error {
	if ok, err := l.rdb.SetNX(ctx, "lease:"+l.name, l.owner); err != nil || !ok {
		return errors.Join(ErrBusy, err)
	}
	_, err := l.rdb.PExpire(ctx, "lease:"+l.name, l.ttl.Milliseconds()) // want `PExpire sets the TTL of lock key "lease:" \+ l.name only after SetNX acquired it`
	return err
}

// TryLockOption asks for NX through SetOption but gives no TTLOption:
// the Expire after it is the same second command.
func (m *Mutex) TryLockOption(ctx context.Context) (bool, error) {
	reply, err := m.redis.Set(ctx, m.key, m.token, gredis.SetOption{NX: true})
	if err != nil || reply.IsNil() {
		return false, err
	}
	m.redis.Expire(ctx, m.key, m.ttl) // want `Expire sets the TTL of lock key m.key only after Set acquired it`
	return true, nil
}

// TryLockAtomic is correct: SET NX EX in one command.
func (m *Mutex) TryLockAtomic(ctx context.Context) (bool, error) {
	reply, err := m.redis.Set(ctx, m.key, m.token, gredis.SetOption{
		NX:        true,
		TTLOption: gredis.TTLOption{EX: &m.ttl},
	})
	if err != nil {
		return false, err
	}
	return !reply.IsNil(), nil
}

// TryLockDo is correct too: the generic form with NX and EX.
func (m *Mutex) TryLockDo(ctx context.Context) (bool, error) {
	reply, err := m.redis.Do(ctx, "SET", m.key, m.token, "NX", "EX", m.ttl)
	if err != nil {
		return false, err
	}
	return reply.String() == "OK", nil
}

// Hold returns the expire's error; its TTL is a constant number of
// seconds.
func (m *Mutex) Hold(ctx context.Context) error {
	held, err := m.redis.SetNX(ctx, m.key, m.token)
	if err != nil {
		return err
	}
	if !held {
		return ErrBusy
	}
	_, err2 := m.redis.Expire(ctx, m.key, 30) // want `Expire sets the TTL of lock key m.key only after SetNX acquired it`
	return err2
}

// Reacquire writes the flag again after the acquire: its reads cannot all
// be rewritten for Set's reply, so no fix.
func (m *Mutex) Reacquire(ctx context.Context, again func() bool) (bool, error) {
	ok, err := m.redis.SetNX(ctx, m.key, m.token)
	if err != nil {
		return false, err
	}
	if !ok {
		ok = again()
	}
	m.redis.Expire(ctx, m.key, m.ttl) // want `Expire sets the TTL of lock key m.key only after SetNX acquired it`
	return ok, nil
}
