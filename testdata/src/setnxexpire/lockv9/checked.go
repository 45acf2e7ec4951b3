package lockv9

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrBusy = errors.New("lock busy")

// Tenancy is a lock whose acquire checks the expire's error in the shapes
// services write it: once SET NX carries the TTL there is no expire left
// to fail, so the fix takes the error handling out with it.
type Tenancy struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

// Acquire returns the expire's error.
func (l *Tenancy) Acquire(ctx context.Context) error {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	return l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire sets the TTL of lock key l.key only after SetNX acquired it \(checked.go:27\)`
}

// TryAcquire returns the flag with the expire's error.
func (l *Tenancy) TryAcquire(ctx context.Context) (bool, error) {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	return true, l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
}

// AcquireLogged logs a failed expire; log is used nowhere else, so its
// import goes with the handling.
func (l *Tenancy) AcquireLogged(ctx context.Context) (bool, error) {
	if !l.rdb.SetNX(ctx, l.key, l.token, 0).Val() {
		return false, nil
	}
	// Give the lock its TTL.
	err := l.rdb.PExpire(ctx, l.key, l.ttl).Err() // want `PExpire sets the TTL of lock key l.key only after SetNX acquired it`
	if err != nil {
		log.Printf("tenancy %s: %v", l.key, err)
		l.rdb.Del(ctx, l.key)
		return false, err
	}
	return true, nil
}

// AcquireCond tests the error in the condition.
func (l *Tenancy) AcquireCond(ctx context.Context) error {
	if err := l.rdb.SetNX(ctx, l.key, l.token, 0).Err(); err != nil {
		return err
	}
	if l.rdb.Expire(ctx, l.key, l.ttl).Err() != nil { // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
		return fmt.Errorf("tenancy %s: no TTL", l.key)
	}
	return nil
}

// AcquireIfHeld sets the TTL only when the lock was taken: the if holds
// nothing else and goes with the expire.
func (l *Tenancy) AcquireIfHeld(ctx context.Context) (bool, error) {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
	if err != nil {
		return false, err
	}
	if ok {
		// The lock must not outlive a crashed holder.
		l.rdb.Expire(ctx, l.key, l.ttl) // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
	}
	return ok, nil
}

// AcquireBlind drops the acquire's answer: the expire's error is the only
// sign that the SET NX failed, so no fix takes it away.
func (l *Tenancy) AcquireBlind(ctx context.Context) error {
	l.rdb.SetNX(ctx, l.key, l.token, 0)
	return l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
}

// AcquireElse does its work in the else branch of the expire's check: no
// fix rewrites the branches.
func (l *Tenancy) AcquireElse(ctx context.Context, work func()) error {
	if !l.rdb.SetNX(ctx, l.key, l.token, 0).Val() {
		return ErrBusy
	}
	if err := l.rdb.Expire(ctx, l.key, l.ttl).Err(); err != nil { // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
		return err
	} else {
		work()
	}
	return nil
}

// AcquireKeepErr returns the expire's error later: the variable lives on,
// so no fix.
func (l *Tenancy) AcquireKeepErr(ctx context.Context, work func() error) error {
	if !l.rdb.SetNX(ctx, l.key, l.token, 0).Val() {
		return ErrBusy
	}
	err := l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
	if err == nil {
		err = work()
	}
	return err
}

// AcquireFlagOnly reads the flag only inside the expire's if: without it
// ok would be unused, so no fix.
func (l *Tenancy) AcquireFlagOnly(ctx context.Context) {
	ok := l.rdb.SetNX(ctx, l.key, l.token, 0).Val()
	if ok {
		l.rdb.Expire(ctx, l.key, l.ttl) // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
	}
}

// AcquireErr keeps the expire's error in a variable and returns it.
func (l *Tenancy) AcquireErr(ctx context.Context) error {
	if !l.rdb.SetNX(ctx, l.key, l.token, 0).Val() {
		return ErrBusy
	}
	err := l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire sets the TTL of lock key l.key only after SetNX acquired it`
	return err
}
