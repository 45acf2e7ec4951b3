// Package gozero acquires locks on go-zero's redis and with its
// RedisLock, whose answers to a held lock are (false, nil).
package gozero

import (
	"context"
	"errors"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

var (
	ErrLocked  = errors.New("gozero: lock held by another client")
	ErrNotHeld = errors.New("gozero: the lock was no longer held")
)

const unlockScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// Mutex is a hand-written lock over one key.
type Mutex struct {
	rds   *redis.Redis
	key   string
	token string
}

// Run drops the answer of SetnxEx and keeps its error.
func (m *Mutex) Run(work func() error) error {
	_, err := m.rds.SetnxEx(m.key, m.token, 30) // want `SetnxEx acquires lock key m.key but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
	if err != nil {
		return err
	}
	defer m.unlock()
	return work()
}

// RunChecked stops when the lock is held: correct.
func (m *Mutex) RunChecked(ctx context.Context, work func() error) error {
	ok, err := m.rds.SetnxExCtx(ctx, m.key, m.token, 30) // ok: ok is read
	if err != nil {
		return err
	}
	if !ok {
		return ErrLocked
	}
	defer m.unlock()
	return work()
}

// TryLock hands the answer to its caller, who is judged instead.
func (m *Mutex) TryLock() (bool, error) {
	return m.rds.SetnxEx(m.key, m.token, 30) // ok: returned
}

func (m *Mutex) unlock() {
	n, err := m.rds.Eval(unlockScript, []string{m.key}, m.token)
	if err != nil || n != int64(1) {
		logLost(m.key, err)
	}
}

func logLost(key string, err error) {
	if err == nil {
		err = ErrNotHeld
	}
	println("unlock", key, err.Error())
}

// Report drops the answer of RedisLock.Acquire.
func Report(ctx context.Context, rds *redis.Redis, build func() error) error {
	lock := redis.NewRedisLock(rds, "lock:report")
	lock.SetExpire(30)
	_, err := lock.AcquireCtx(ctx) // want `AcquireCtx acquires a lock but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
	if err != nil {
		return err
	}
	defer release(ctx, lock)
	return build()
}

// Export reads both answers of RedisLock: correct.
func Export(ctx context.Context, rds *redis.Redis, export func() error) error {
	lock := redis.NewRedisLock(rds, "lock:export")
	lock.SetExpire(30)
	ok, err := lock.AcquireCtx(ctx) // ok: ok is read
	if err != nil {
		return err
	}
	if !ok {
		return ErrLocked
	}
	defer release(ctx, lock)
	return export()
}

func release(ctx context.Context, lock *redis.RedisLock) {
	released, err := lock.ReleaseCtx(context.WithoutCancel(ctx))
	if err != nil || !released {
		logLost("lock", err)
	}
}

// Nightly acquires through a helper that returns AcquireCtx's answer as
// it is, and keeps only the error.
func Nightly(ctx context.Context, rds *redis.Redis, run func() error) error {
	lock := redis.NewRedisLock(rds, "lock:nightly")
	_, err := acquire(ctx, lock) // want `acquire \(gozero.AcquireCtx at lock.go:133\) acquires a lock but never looks at whether it did \(only the error is read`
	if err != nil {
		return err
	}
	defer release(ctx, lock)
	return run()
}

// NightlyChecked reads it: correct.
func NightlyChecked(ctx context.Context, rds *redis.Redis, run func() error) error {
	lock := redis.NewRedisLock(rds, "lock:nightly")
	ok, err := acquire(ctx, lock)
	if err != nil || !ok {
		return err
	}
	defer release(ctx, lock)
	return run()
}

// Sweep drops the answer of a helper that runs its own critical section
// and releases: nothing runs here under the lock, so nothing is lost.
func Sweep(ctx context.Context, rds *redis.Redis, run func() error) {
	withLock(ctx, redis.NewRedisLock(rds, "lock:sweep"), run)
}

func acquire(ctx context.Context, lock *redis.RedisLock) (bool, error) {
	lock.SetExpire(30)
	return lock.AcquireCtx(ctx)
}

func withLock(ctx context.Context, lock *redis.RedisLock, run func() error) (bool, error) {
	ok, err := lock.AcquireCtx(ctx)
	if err != nil || !ok {
		return false, err
	}
	defer release(ctx, lock)
	return true, run()
}
