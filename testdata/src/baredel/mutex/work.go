package mutex

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// WithLock holds the lock for fn and releases it on every path; the
// deferred DEL has no error to return, so there is no fix.
func WithLock(ctx context.Context, rdb *redis.ClusterClient, name, token string, fn func() error) error {
	key := "job-lock:" + name
	ok, err := rdb.SetNX(ctx, key, token, 30*time.Second).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotAcquired
	}
	defer rdb.Del(ctx, key) // want `Del releases lock key "job-lock:" \+ name \(acquired by SetNX at work.go:15\)`
	return fn()
}

// Run releases with the token still in scope: the fix uses it.
func Run(ctx context.Context, rdb redis.Cmdable, name string, fn func() error) error {
	token := newToken()
	ok, err := rdb.SetNX(ctx, "run-lock:"+name, token, time.Minute).Result()
	if err != nil || !ok {
		return errors.Join(ErrNotAcquired, err)
	}
	if err := fn(); err != nil {
		rdb.Del(ctx, "run-lock:"+name) // want `Del releases lock key "run-lock:" \+ name \(acquired by SetNX at work.go:29\)`
		return err
	}
	return rdb.Del(ctx, "run-lock:"+name).Err() // want `Del releases lock key "run-lock:" \+ name`
}

// TryRun cleans up after a failed acquire: a timeout may have written the
// key, and deleting it on the error path is not a release of another
// client's lock.
func TryRun(ctx context.Context, rdb redis.Cmdable, name string) (bool, error) {
	key := "try-lock:" + name
	ok, err := rdb.SetNX(ctx, key, newToken(), time.Minute).Result()
	if err != nil {
		rdb.Del(ctx, key) // ok: failure path of the acquire itself
		return false, err
	}
	return ok, nil
}

// TryRunHeld is TryRun with the command held before its reply is read:
// the error tested is still the acquire's.
func TryRunHeld(ctx context.Context, rdb redis.Cmdable, name string) (bool, error) {
	key := "try-lock:held:" + name
	cmd := rdb.SetNX(ctx, key, newToken(), time.Minute)
	ok, err := cmd.Result()
	if err != nil {
		rdb.Del(ctx, key) // ok: failure path of the acquire itself
		return false, err
	}
	return ok, nil
}

// TryRunReused tests an error that a later call assigned: the DEL runs
// when the acquire succeeded and the job failed, a release like any other.
func TryRunReused(ctx context.Context, rdb redis.Cmdable, name string, job func() error) (bool, error) {
	key := "try-lock:reused:" + name
	cmd := rdb.SetNX(ctx, key, newToken(), time.Minute)
	ok, err := cmd.Result()
	if err == nil && ok {
		err = job()
	}
	if err != nil {
		rdb.Del(ctx, key) // want `Del releases lock key "try-lock:reused:" \+ name \(acquired by SetNX at work.go:70\) without checking the owner token`
		return false, err
	}
	return ok, nil
}

// Evict deletes cache entries: never acquired with NX.
func Evict(ctx context.Context, rdb redis.Cmdable, id string) error {
	return rdb.Del(ctx, "cache:user:"+id).Err() // ok: not a lock key
}

// Finish releases the lock and drops the job's progress in one pipeline:
// the queued DEL is as unconditional as a direct one (no fix for queued
// commands: their errors arrive at Exec).
func Finish(ctx context.Context, rdb redis.Cmdable, name string) error {
	_, err := rdb.Pipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.Del(ctx, "run-lock:"+name) // want `Del releases lock key "run-lock:" \+ name \(acquired by SetNX at work.go:29\)`
		pipe.Del(ctx, "progress:"+name) // ok: not a lock key
		return nil
	})
	return err
}

// TryRunSent sends the acquire through a helper that returns the command
// and reads it through another: the error tested is still the acquire's.
func TryRunSent(ctx context.Context, rdb redis.Cmdable, name string) (bool, error) {
	key := "try-lock:sent:" + name
	cmd := sendAcquire(ctx, rdb, key)
	ok, err := acquired(cmd)
	if err != nil {
		rdb.Del(ctx, key) // ok: failure path of the acquire itself
		return false, err
	}
	return ok, nil
}

func sendAcquire(ctx context.Context, rdb redis.Cmdable, key string) *redis.BoolCmd {
	return rdb.SetNX(ctx, key, newToken(), time.Minute)
}

func acquired(cmd *redis.BoolCmd) (bool, error) { return cmd.Result() }
