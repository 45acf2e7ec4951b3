// Package libs uses safelock, bsm/redislock and redsync and drops or
// checks their "not the owner" answers.
package libs

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// Safelock functions.
func ReleaseJob(ctx context.Context, rdb *redis.Client, token string) {
	safelock.Release(ctx, rdb, "lock:job", token) // want `safelock Release drops its result: its error is how the release reports that the lock was no longer ours \(it expired and another client may hold it\), so the lost lock goes unnoticed; check the error`
}

func KeepJob(ctx context.Context, rdb *redis.Client, token string) {
	go safelock.Refresh(ctx, rdb, "lock:job", token, time.Minute) // want `safelock Refresh runs in a go statement and its result is dropped: its error is how the renewal reports`
}

func ReleaseJobChecked(ctx context.Context, rdb *redis.Client, token string) error {
	if err := safelock.Release(ctx, rdb, "lock:job", token); errors.Is(err, safelock.ErrNotOwner) { // ok
		log.Printf("job lock was lost before release")
	}
	return nil
}

// Safelock lock objects.
func WithSafelock(ctx context.Context, rdb *redis.Client, work func(context.Context) error) error {
	lock, err := safelock.Obtain(ctx, rdb, "lock:report", time.Minute)
	if err != nil {
		return err
	}
	defer lock.Release(context.WithoutCancel(ctx)) // want `safelock Release is deferred and its result dropped`
	return work(lock.Context())
}

func WithSafelockChecked(ctx context.Context, rdb *redis.Client, work func(context.Context) error) (err error) {
	lock, err := safelock.Obtain(ctx, rdb, "lock:report", time.Minute)
	if err != nil {
		return err
	}
	defer func() {
		err = errors.Join(err, lock.Release(context.WithoutCancel(ctx))) // ok
	}()
	return work(lock.Context())
}

// bsm/redislock, as in its README.
func WithRedislock(ctx context.Context, locker *redislock.Client) error {
	lock, err := locker.Obtain(ctx, "my-key", 100*time.Millisecond, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)                      // want `redislock Release is deferred and its result dropped`
	lock.Refresh(ctx, 100*time.Millisecond, nil) // want `redislock Refresh drops its result`
	return nil
}

func WithRedislockBestEffort(ctx context.Context, locker *redislock.Client) error {
	lock, err := locker.Obtain(ctx, "my-key", 100*time.Millisecond, nil)
	if err != nil {
		return err
	}
	defer func() { _ = lock.Release(ctx) }()   // ok: discarded on purpose, visibly
	return lock.Refresh(ctx, time.Second, nil) // ok
}

// redsync v4.18.1 declares ErrNodeTaken: since v4.7.0 Unlock and Extend
// return an error whenever they return false, so keeping only the error
// keeps the lost lock.
func WithRedsync(rs *redsync.Redsync) error {
	m := rs.NewMutex("orders")
	if err := m.Lock(); err != nil {
		return err
	}
	if _, err := m.Extend(); err != nil { // ok: false comes with ErrNodeTaken, ErrTaken or ErrExtendFailed
		return err
	}
	_, err := m.Unlock() // ok: false comes with an error
	return err
}

func WithRedsyncAssigned(ctx context.Context, rs *redsync.Redsync) (err error) {
	m := rs.NewMutex("orders")
	if err = m.LockContext(ctx); err != nil {
		return err
	}
	if _, err = m.ExtendContext(ctx); err != nil { // ok: plain assignment, same answer
		return err
	}
	_, err = m.UnlockContext(ctx) // ok
	return err
}

func WithRedsyncChecked(ctx context.Context, rs *redsync.Redsync) error {
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	ok, err := m.UnlockContext(ctx) // ok
	if err == nil && !ok {
		err = redsync.ErrLockAlreadyExpired
	}
	return err
}

func WithRedsyncDeferred(rs *redsync.Redsync) error {
	m := rs.NewMutex("orders")
	if err := m.Lock(); err != nil {
		return err
	}
	defer m.Unlock() // want `redsync Unlock is deferred and its result dropped: its error is how the release reports that the lock was no longer ours`
	return nil
}

// Heartbeat drops the answer of Extend: the error is all there is to see.
func Heartbeat(ctx context.Context, m *redsync.Mutex) {
	for range time.Tick(time.Second) {
		m.ExtendContext(ctx) // want `redsync ExtendContext drops its result: its error is how the renewal reports that the lock was no longer ours`
	}
}

func UnlockInBackground(m *redsync.Mutex) {
	go m.Unlock() // want `redsync Unlock runs in a go statement and its result is dropped`
}

func UnlockBestEffort(m *redsync.Mutex) {
	_, _ = m.Unlock() // ok: discarded on purpose, visibly
}

// Shutdown releases on the way out and cannot act on a lost lock anymore.
func Shutdown(ctx context.Context, lock *safelock.Lock) {
	lock.Release(ctx) //nolint:leasevet // shutting down: nothing left to protect
}
