// Package v9 keeps go-redis v9 leases alive from watchdog goroutines.
package v9

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrLost = errors.New("v9: lease lost")

var (
	refresh = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)
	release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
)

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Lease is a lock with a watchdog.
type Lease struct {
	rdb     redis.UniversalClient
	key     string
	token   string
	ttl     time.Duration
	done    chan struct{}
	stopped chan struct{}
}

func NewLease(rdb redis.UniversalClient, name string, ttl time.Duration) *Lease {
	return &Lease{rdb: rdb, key: "lease:" + name, token: newToken(), ttl: ttl}
}

func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// renewOnce sends one owner-checked renewal.
func (l *Lease) renewOnce(ctx context.Context) error {
	n, err := refresh.Run(ctx, l.rdb, []string{l.key}, l.token, l.ttl.Milliseconds()).Int()
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

// Watch starts a watchdog that stops on done and on a lost lease.
func (l *Lease) Watch(ctx context.Context) {
	l.done, l.stopped = make(chan struct{}), make(chan struct{})
	go func() { // ok: returns on done and on a failed renewal
		defer close(l.stopped)
		t := time.NewTicker(l.ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-l.done:
				return
			case <-t.C:
				if err := l.renewOnce(ctx); err != nil {
					return
				}
			}
		}
	}()
}

// Release closes done and waits for the watchdog before the
// compare-and-delete.
func (l *Lease) Release(ctx context.Context) error {
	close(l.done)
	<-l.stopped
	n, err := release.Run(ctx, l.rdb, []string{l.key}, l.token).Int() // ok: the watchdog is stopped first
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

// ReleaseLate deletes first and stops the watchdog afterwards.
func (l *Lease) ReleaseLate(ctx context.Context) error {
	err := release.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // want `Lease.ReleaseLate releases lock key l.key \(Run\) before it stops the watchdog started at lease.go:58: a renewal in flight can land after the delete \(a SET ... PX renewal re-creates the lock under the old owner\); stop the watchdog \(cancel its context, close its done channel\) and wait for it before the compare-and-delete`
	close(l.done)
	return err
}

// ReleaseOnly never stops the watchdog.
func (l *Lease) ReleaseOnly(ctx context.Context) error {
	return release.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // want `Lease.ReleaseOnly releases lock key l.key \(Run\) and never stops the watchdog started at lease.go:58: the watchdog keeps renewing after the release`
}

// ReleaseFast skips the stop on one path.
func (l *Lease) ReleaseFast(ctx context.Context, fast bool) error {
	if fast {
		return release.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // want `Lease.ReleaseFast releases lock key l.key \(Run\) before it stops the watchdog`
	}
	l.stopWatchdog()
	return release.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // ok: stopped on this path
}

// stopWatchdog closes done and waits.
func (l *Lease) stopWatchdog() {
	close(l.done)
	<-l.stopped
}

// ReleaseWithTimeout bounds the delete by a context of its own; its
// cancel stops nothing, and stopWatchdog runs first.
func (l *Lease) ReleaseWithTimeout(ctx context.Context) error {
	l.stopWatchdog()
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return release.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // ok
}

// ReleaseTimeoutOnly has only the timeout's cancel, which is not a stop.
func (l *Lease) ReleaseTimeoutOnly(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return release.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // want `Lease.ReleaseTimeoutOnly releases lock key l.key \(Run\) and never stops the watchdog`
}

// KeepForever renews on a ticker with no way out.
func (l *Lease) KeepForever(ctx context.Context) {
	go func() { // want `goroutine renews lock key l.key \(Run at lease.go:134\) in a loop with no way to stop: no done channel, ctx.Done\(\), flag or failed renewal ends it, so it renews until the process exits and a finished or crashed holder never frees the lock; return on a done channel or ctx.Done\(\) that the release closes, and when a renewal reports the lock lost`
		for range time.Tick(l.ttl / 3) {
			refresh.Run(ctx, l.rdb, []string{l.key}, l.token, l.ttl.Milliseconds())
		}
	}()
}

// KeepBroken breaks out of the select, not the loop.
func (l *Lease) KeepBroken(ctx context.Context, done <-chan struct{}) {
	go func() { // want `goroutine renews lock key l.key \(renewOnce \(EVALSHA at lease.go:48\) at lease.go:149\) in a loop with no way to stop`
		t := time.NewTicker(l.ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				break
			case <-t.C:
				if err := l.renewOnce(ctx); err != nil {
					log.Printf("renew %s: %v", l.key, err)
				}
			}
		}
	}()
}

// KeepLogged is a method run as the goroutine; it logs a lost lease and
// keeps renewing.
func (l *Lease) KeepLogged(ctx context.Context) {
	go l.keepLogged(ctx) // want `goroutine renews lock key l.key \(renewOnce \(EVALSHA at lease.go:48\) at lease.go:166\) in a loop with no way to stop`
}

func (l *Lease) keepLogged(ctx context.Context) {
	for {
		time.Sleep(l.ttl / 3)
		if err := l.renewOnce(ctx); errors.Is(err, ErrLost) {
			log.Printf("lease %s lost", l.key)
		}
	}
}

// KeepCtx stops with its context.
func (l *Lease) KeepCtx(ctx context.Context) {
	go func() { // ok: ctx.Done() returns
		t := time.NewTicker(l.ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				_ = l.renewOnce(ctx)
			}
		}
	}()
}

// KeepWhile checks a flag in the loop condition.
func (l *Lease) KeepWhile(ctx context.Context, running func() bool) {
	go func() { // ok: the condition ends it
		for running() {
			time.Sleep(l.ttl / 3)
			_ = l.renewOnce(ctx)
		}
	}()
}

// KeepOnce renews once, later: not a watchdog loop.
func (l *Lease) KeepOnce(ctx context.Context) {
	go func() { // ok: no loop
		time.Sleep(l.ttl / 2)
		_ = l.renewOnce(ctx)
	}()
}

// KeepFed renews for every tick it is sent; closing the channel ends it.
func (l *Lease) KeepFed(ctx context.Context, ticks <-chan time.Time) {
	go func() { // ok: a range over a channel that can be closed
		for range ticks {
			_ = l.renewOnce(ctx)
		}
	}()
}

// ReleaseIfWatched stops the watchdog when one runs (the option that
// starts it), then releases.
func (l *Lease) ReleaseIfWatched(ctx context.Context, watched bool) error {
	if watched {
		close(l.done)
		<-l.stopped
	}
	return release.Run(ctx, l.rdb, []string{l.key}, l.token).Err() // ok: stopped whenever a watchdog runs
}
