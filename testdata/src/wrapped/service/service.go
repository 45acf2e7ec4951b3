// Package service uses the locks package: it calls the generic Unlock
// with its own lock key, and the Lock type, already reported in locks.
package service

import (
	"context"
	"errors"
	"time"

	"example.com/fixtures/wrapped/locks"
)

var ErrBusy = errors.New("service: order is being processed")

// ProcessOrder takes the order lock through the generic helpers.
func ProcessOrder(ctx context.Context, orderID string, work func() error) error {
	key := "lock:order:" + orderID
	ok, err := locks.Acquire(ctx, key, locks.NewToken(), 30*time.Second)
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	defer locks.Unlock(ctx, key) // want `Unlock \(DEL at redisutil.go:26\) releases lock key "lock:order:" \+ orderID \(acquired by Acquire \(SET NX at redisutil.go:18\) at service.go:18\) without checking the owner token`
	return work()
}

// Nightly uses the Lock type: its Unlock was reported in locks, not here.
func Nightly(ctx context.Context, run func() error) error {
	lk := locks.New("nightly", time.Minute)
	ok, err := lk.Lock(ctx)
	if err != nil || !ok {
		return errors.Join(ErrBusy, err)
	}
	defer lk.Unlock(ctx) // ok: reported once, in locks
	return run()
}

// Cached drops a cache key through the same helper: not a lock key.
func Cached(ctx context.Context, id string) error {
	return locks.Unlock(ctx, "cache:"+id) // ok
}
