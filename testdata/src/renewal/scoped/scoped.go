// Package scoped runs a job under a lock with a watchdog started and
// stopped in the same function.
package scoped

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

const (
	renewSrc   = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`
	releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`
)

// keepAlive renews key until ctx is done or the lock is lost.
func keepAlive(ctx context.Context, rdb *redis.Client, key, token string) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := rdb.Eval(ctx, renewSrc, []string{key}, token, 15000).Int(); err != nil || n == 0 {
				return
			}
		}
	}
}

func releaseLock(ctx context.Context, rdb *redis.Client, key, token string) error {
	return rdb.Eval(ctx, releaseSrc, []string{key}, token).Err()
}

// RunLate releases in the body while the deferred cancel runs at the
// return: the release comes first.
func RunLate(ctx context.Context, rdb *redis.Client, job, token string, work func() error) error {
	key := "lock:job:" + job
	if ok, err := rdb.SetNX(ctx, key, token, 15*time.Second).Result(); err != nil || !ok {
		return err
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go keepAlive(wctx, rdb, key, token)
	err := work()
	if rerr := releaseLock(ctx, rdb, key, token); rerr != nil { // want `RunLate releases lock key "lock:job:" \+ job \(releaseLock \(EVAL at scoped.go:34\)\) before it stops the watchdog started at scoped.go:46`
		return rerr
	}
	return err
}

// RunDeferred defers the release after the cancel: it runs first.
func RunDeferred(ctx context.Context, rdb *redis.Client, job, token string, work func() error) error {
	key := "lock:job:" + job
	if ok, err := rdb.SetNX(ctx, key, token, 15*time.Second).Result(); err != nil || !ok {
		return err
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go keepAlive(wctx, rdb, key, token)
	defer releaseLock(ctx, rdb, key, token) // want `RunDeferred releases lock key "lock:job:" \+ job \(releaseLock \(EVAL at scoped.go:34\)\) before it stops the watchdog started at scoped.go:62`
	return work()
}

// RunInOrder cancels, then releases, in one deferred function.
func RunInOrder(ctx context.Context, rdb *redis.Client, job, token string, work func() error) error {
	key := "lock:job:" + job
	if ok, err := rdb.SetNX(ctx, key, token, 15*time.Second).Result(); err != nil || !ok {
		return err
	}
	wctx, cancel := context.WithCancel(ctx)
	go keepAlive(wctx, rdb, key, token)
	defer func() {
		cancel()
		_ = releaseLock(context.WithoutCancel(ctx), rdb, key, token) // ok: cancelled first
	}()
	return work()
}

// RunLIFO defers the release first and the cancel after it: the cancel
// runs first.
func RunLIFO(ctx context.Context, rdb *redis.Client, job, token string, work func() error) error {
	key := "lock:job:" + job
	if ok, err := rdb.SetNX(ctx, key, token, 15*time.Second).Result(); err != nil || !ok {
		return err
	}
	defer releaseLock(context.WithoutCancel(ctx), rdb, key, token) // ok: the later defer cancels first
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go keepAlive(wctx, rdb, key, token)
	return work()
}

// RunStopFirst cancels in the body before releasing.
func RunStopFirst(ctx context.Context, rdb *redis.Client, job, token string, work func() error) error {
	key := "lock:job:" + job
	if ok, err := rdb.SetNX(ctx, key, token, 15*time.Second).Result(); err != nil || !ok {
		return err
	}
	wctx, cancel := context.WithCancel(ctx)
	go keepAlive(wctx, rdb, key, token)
	err := work()
	cancel()
	if rerr := releaseLock(ctx, rdb, key, token); rerr != nil { // ok
		return rerr
	}
	return err
}

// renewForever pushes the expiry of key every five seconds, for good.
func renewForever(ctx context.Context, rdb *redis.Client, key string) {
	for {
		time.Sleep(5 * time.Second)
		rdb.PExpire(ctx, key, 15*time.Second)
	}
}

// RunForever starts a watchdog that outlives the job.
func RunForever(ctx context.Context, rdb *redis.Client, job, token string, work func() error) error {
	key := "lock:job:" + job
	if ok, err := rdb.SetNX(ctx, key, token, 15*time.Second).Result(); err != nil || !ok {
		return err
	}
	go renewForever(ctx, rdb, key) // want `goroutine renews lock key "lock:job:" \+ job \(passed by RunForever at scoped.go:126\) \(PExpire at scoped.go:116\) in a loop with no way to stop`
	err := work()
	_ = releaseLock(ctx, rdb, key, token)
	return err
}

// RunOrUndo starts the watchdog only once the job is ready; the release
// on the other path undoes the acquire, with no watchdog running.
func RunOrUndo(ctx context.Context, rdb *redis.Client, job, token string, ready func() bool, work func(context.Context) error) error {
	key := "lock:job:" + job
	if ok, err := rdb.SetNX(ctx, key, token, 15*time.Second).Result(); err != nil || !ok {
		return err
	}
	if ready() {
		wctx, cancel := context.WithCancel(ctx)
		go keepAlive(wctx, rdb, key, token)
		err := work(wctx)
		cancel()
		_ = releaseLock(ctx, rdb, key, token)
		return err
	}
	return releaseLock(ctx, rdb, key, token) // ok: no watchdog on this path
}
