// Package gozero drops and reads the answer of RedisLock.Release.
package gozero

import (
	"errors"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

var errLost = errors.New("gozero: lock lost")

// Run ignores Release's ok: (false, nil) means the lock was lost.
func Run(rds *redis.Redis, work func()) error {
	lock := redis.NewRedisLock(rds, "job")
	ok, err := lock.Acquire()
	if err != nil || !ok {
		return err
	}
	work()
	_, err = lock.Release() // want `gozero Release keeps only its error: \(false, nil\) means the lock was no longer held`
	return err
}

// RunDefer defers Release.
func RunDefer(rds *redis.Redis, work func()) error {
	lock := redis.NewRedisLock(rds, "job2")
	ok, err := lock.Acquire()
	if err != nil || !ok {
		return err
	}
	defer lock.Release() // want `gozero Release is deferred and its result dropped`
	work()
	return nil
}

// RunChecked is correct.
func RunChecked(rds *redis.Redis, work func()) error {
	lock := redis.NewRedisLock(rds, "job3")
	ok, err := lock.Acquire()
	if err != nil || !ok {
		return err
	}
	work()
	released, err := lock.Release()
	if err != nil {
		return err
	}
	if !released {
		return errLost
	}
	return nil
}

// UnlockEval drops the 0 of a compare script run through Eval.
func UnlockEval(rds *redis.Redis, key, token string) error {
	_, err := rds.Eval(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{key}, token) // want `Eval runs an owner-checked release script on lock key passed to UnlockEval as key but keeps only its error`
	return err
}

// Worker releases through helpers of its own.
type Worker struct {
	lock *redis.RedisLock
}

// RunHelper keeps only the error of a helper that returns Release's
// answer as it is: (false, nil) still means the lock was lost.
func (w *Worker) RunHelper(work func()) error {
	ok, err := w.lock.Acquire()
	if err != nil || !ok {
		return err
	}
	work()
	_, err = release(w.lock) // want `release \(gozero.Release at lock.go:115\) keeps only its error: \(false, nil\) means the lock was no longer held`
	return err
}

// RunHelperChecked reads both.
func (w *Worker) RunHelperChecked(work func()) error {
	ok, err := w.lock.Acquire()
	if err != nil || !ok {
		return err
	}
	work()
	released, err := release(w.lock)
	if err != nil {
		return err
	}
	if !released {
		return errLost
	}
	return nil
}

// RunStop drops the error that stop returns in place of (false, nil).
func (w *Worker) RunStop(work func()) {
	ok, err := w.lock.Acquire()
	if err != nil || !ok {
		return
	}
	work()
	w.stop() // want `stop \(gozero.Release at lock.go:120\) drops its result: its error is how the release reports`
}

// RunStopChecked returns that error: correct.
func (w *Worker) RunStopChecked(work func()) error {
	ok, err := w.lock.Acquire()
	if err != nil || !ok {
		return err
	}
	work()
	return w.stop()
}

func release(lock *redis.RedisLock) (bool, error) {
	return lock.Release()
}

// stop turns a lost lock into errLost.
func (w *Worker) stop() error {
	released, err := w.lock.Release()
	if err != nil {
		return err
	}
	if !released {
		return errLost
	}
	return nil
}
