// Package lockv9 is a hand-written go-redis v9 lock of the kind found in
// services: a lock struct with key and value fields.
package lockv9

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrLocked = errors.New("locked")

const leaseTTL = 10 * time.Second

type Lock struct {
	client *redis.Client
	key    string
	value  string
	ttl    time.Duration
}

func New(client *redis.Client, name, token string, ttl time.Duration) *Lock {
	return &Lock{client: client, key: "lock:" + name, value: token, ttl: ttl}
}

// Lock acquires with SETNX and sets the TTL afterwards.
func (l *Lock) Lock(ctx context.Context) error {
	ok, err := l.client.SetNX(ctx, l.key, l.value, 0).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrLocked
	}
	l.client.Expire(ctx, l.key, l.ttl) // want `Expire sets the TTL of lock key l.key only after SetNX acquired it \(lock.go:30\): a crash, timeout or cancelled context in between leaves a lock that never expires; put the TTL into the acquire`
	return nil
}

// TryLock uses SetArgs with NX and an absolute expiry set later.
func (l *Lock) TryLock(ctx context.Context, until time.Time) (bool, error) {
	err := l.client.SetArgs(ctx, l.key, l.value, redis.SetArgs{Mode: "nx"}).Err()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	l.client.PExpireAt(ctx, l.key, until) // want `PExpireAt sets the TTL of lock key l.key only after SetArgs acquired it`
	return true, nil
}

// LockChecked checks the expire's error: once SET NX carries the TTL the
// check can no longer fail, and the fix deletes it with the expire.
func (l *Lock) LockChecked(ctx context.Context) error {
	if !l.client.SetNX(ctx, l.key, l.value, 0).Val() {
		return ErrLocked
	}
	if err := l.client.Expire(ctx, l.key, l.ttl).Err(); err != nil { // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
		return err
	}
	return nil
}

// LockWithTTL is correct: SET key value PX ttl NX.
func (l *Lock) LockWithTTL(ctx context.Context) (bool, error) {
	return l.client.SetNX(ctx, l.key, l.value, l.ttl).Result() // ok: TTL in the acquire
}

// LockArgs is correct: SetArgs with NX and a TTL.
func (l *Lock) LockArgs(ctx context.Context) error {
	return l.client.SetArgs(ctx, l.key, l.value, redis.SetArgs{Mode: "NX", TTL: l.ttl}).Err() // ok
}

// Touch renews another key: not the acquired one.
func (l *Lock) Touch(ctx context.Context) {
	if l.client.SetNX(ctx, l.key, l.value, l.ttl).Val() {
		l.client.Expire(ctx, l.key+":meta", l.ttl) // ok: a different key
	}
}

func (l *Lock) Unlock(ctx context.Context) error {
	return l.client.Del(ctx, l.key).Err()
}
