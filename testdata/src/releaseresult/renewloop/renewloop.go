// Package renewloop keeps locks alive from renewal loops, and throws away
// or reads what the renewals answer.
package renewloop

import (
	"context"
	"log"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

var refresh = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)

// A keeper renews a redsync mutex until stop is closed.
type keeper struct {
	mutex *redsync.Mutex
	every time.Duration
	stop  chan struct{}
}

// keep discards Extend's answer: a lost lock keeps being "renewed".
func (k *keeper) keep() {
	t := time.NewTicker(k.every)
	defer t.Stop()
	for {
		select {
		case <-k.stop:
			return
		case <-t.C:
			_, _ = k.mutex.Extend() // want `redsync Extend has its answer discarded inside a renewal loop \(the loop at renewloop.go:29\): its error is how the renewal reports that the lock was no longer ours`
		}
	}
}

// keepChecked stops when Extend fails: from redsync v4.7.0 on a false
// always comes with an error.
func (k *keeper) keepChecked() {
	t := time.NewTicker(k.every)
	defer t.Stop()
	for {
		select {
		case <-k.stop:
			return
		case <-t.C:
			if _, err := k.mutex.Extend(); err != nil { // ok
				return
			}
		}
	}
}

// A guard is a redsync lock with a watchdog that stops on close(done)
// and on a failed renewal; Unlock signals the stop before it releases.
type guard struct {
	mutex *redsync.Mutex
	every time.Duration
	done  chan struct{}
}

func startGuard(ctx context.Context, rs *redsync.Redsync, name string, every time.Duration) (*guard, error) {
	m := rs.NewMutex("lock:" + name)
	if err := m.LockContext(ctx); err != nil {
		return nil, err
	}
	g := &guard{mutex: m, every: every, done: make(chan struct{})}
	go g.watch() // ok: stops on done and on a failed renewal
	return g, nil
}

func (g *guard) watch() {
	t := time.NewTicker(g.every)
	defer t.Stop()
	for {
		select {
		case <-g.done:
			return
		case <-t.C:
			_, err := g.mutex.Extend() // ok: err comes with every false
			if err != nil {
				return
			}
		}
	}
}

// Unlock stops the watchdog first; a renewal still in flight is
// redsync's compare-and-expire, which finds the key gone.
func (g *guard) Unlock(ctx context.Context) error {
	close(g.done)
	ok, err := g.mutex.UnlockContext(ctx) // ok
	if err == nil && !ok {
		err = redsync.ErrLockAlreadyExpired
	}
	return err
}

// Heartbeat renews a bsm/redislock lock every second and ignores the
// error.
func Heartbeat(ctx context.Context, lock *redislock.Lock, ttl time.Duration) {
	for ctx.Err() == nil {
		time.Sleep(ttl / 3)
		_ = lock.Refresh(ctx, ttl, nil) // want `redislock Refresh has its answer discarded inside a renewal loop \(the loop at renewloop.go:104\): its error is how the renewal reports that the lock was no longer ours`
	}
}

// RefreshOnce is a best-effort extension, not in a loop.
func RefreshOnce(ctx context.Context, lock *redislock.Lock, ttl time.Duration) {
	_ = lock.Refresh(ctx, ttl, nil) // ok: a visible decision outside a renewal loop
}

// Keep renews with a compare-and-expire script until ctx ends.
func Keep(ctx context.Context, rdb redis.UniversalClient, key, token string, ttl time.Duration) {
	t := time.NewTicker(ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_, _ = refresh.Run(ctx, rdb, []string{key}, token, ttl.Milliseconds()).Result() // want `Run runs an owner-checked renewal script on lock key passed to Keep as key but has its answer discarded inside a renewal loop \(the loop at renewloop.go:119\): it replies 0 when the key no longer holds our token`
		}
	}
}

// KeepSafelock renews a safelock lock by hand and ignores the error.
func KeepSafelock(ctx context.Context, lock *safelock.Lock, ttl time.Duration) {
	for range time.Tick(ttl / 3) {
		if ctx.Err() != nil {
			return
		}
		_ = lock.Refresh(ctx, ttl) // want `safelock Refresh has its answer discarded inside a renewal loop \(the loop at renewloop.go:131\): its error is how the renewal reports that the lock was no longer ours`
	}
}

// ExtendEach extends a lock per job: a loop over work, not a renewal
// loop on the clock.
func ExtendEach(ctx context.Context, lock *redislock.Lock, jobs <-chan func(), ttl time.Duration) {
	for job := range jobs {
		job()
		_ = lock.Refresh(ctx, ttl, nil) // ok: not a renewal loop
	}
}

// UnlockAll releases many mutexes, best effort, in a loop: releases keep
// the explicit discard.
func UnlockAll(ms []*redsync.Mutex) {
	for _, m := range ms {
		time.Sleep(10 * time.Millisecond)
		_, _ = m.Unlock() // ok: a release, not a renewal
	}
	log.Printf("renewloop: released %d mutexes", len(ms))
}
