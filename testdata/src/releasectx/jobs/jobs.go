// Package jobs runs scheduled jobs under redsync mutexes on a go-redis v9
// pool, each kept alive by a watchdog goroutine.
package jobs

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/redis/go-redis/v9"
)

// Runner runs jobs, one holder per job name across the fleet.
type Runner struct {
	rs     *redsync.Redsync
	expiry time.Duration
}

func NewRunner(rdb redis.UniversalClient) *Runner {
	return &Runner{rs: redsync.New(goredis.NewPool(rdb)), expiry: 30 * time.Second}
}

// Run renews while the job runs, and releases when it ends or when ctx
// does.
func (r *Runner) Run(ctx context.Context, name string, work func(context.Context) error) error {
	m := r.rs.NewMutex("lock:job:"+name, redsync.WithExpiry(r.expiry))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- work(ctx) }()
	t := time.NewTicker(r.expiry / 3)
	defer t.Stop()
	for {
		select {
		case err := <-errc:
			_, uerr := m.UnlockContext(ctx) // ok: ctx is not shown done here
			return errors.Join(err, uerr)
		case <-t.C:
			if _, err := m.ExtendContext(ctx); err != nil { // ok
				return err
			}
		case <-ctx.Done():
			_, err := m.UnlockContext(ctx) // want `redsync UnlockContext is sent with ctx, which is done here \(case <-ctx.Done\(\) at jobs.go:46\): go-redis fails a command whose context is done before sending it, so the lock stays held until its TTL expires and other clients wait for it; release with context.WithoutCancel\(ctx\) under a short timeout`
			return errors.Join(ctx.Err(), err)
		}
	}
}

// RunBackground releases with redsync's own background context.
func (r *Runner) RunBackground(ctx context.Context, name string) error {
	m := r.rs.NewMutex("lock:job:" + name)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	_, err := m.Unlock() // ok: Unlock sends with context.Background()
	return err
}

// Hold keeps the lock until ctx ends: the watchdog's only way out is the
// done case, so its deferred release always runs with a done ctx.
func (r *Runner) Hold(ctx context.Context, name string) error {
	m := r.rs.NewMutex("lock:job:"+name, redsync.WithExpiry(r.expiry))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	go func() {
		defer func() {
			if _, err := m.UnlockContext(ctx); err != nil { // want `redsync UnlockContext is sent with ctx, which is done when this deferred function runs \(case <-ctx.Done\(\) at jobs.go:81\): go-redis fails`
				log.Printf("jobs: release %s: %v", m.Name(), err)
			}
		}()
		t := time.NewTicker(r.expiry / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if _, err := m.ExtendContext(ctx); err != nil {
					log.Printf("jobs: extend %s: %v", m.Name(), err)
				}
			}
		}
	}()
	return nil
}

// HoldUntilLost also stops when a renewal fails, with ctx alive: the
// deferred release is not only run once ctx is done.
func (r *Runner) HoldUntilLost(ctx context.Context, name string) error {
	m := r.rs.NewMutex("lock:job:"+name, redsync.WithExpiry(r.expiry))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	go func() {
		defer func() {
			if _, err := m.UnlockContext(ctx); err != nil { // ok: the goroutine also ends on a failed renewal, with ctx alive
				log.Printf("jobs: release %s: %v", m.Name(), err)
			}
		}()
		t := time.NewTicker(r.expiry / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if _, err := m.ExtendContext(ctx); err != nil {
					return
				}
			}
		}
	}()
	return nil
}

// A heartbeat keeps one job's lock, with its context in a field.
type heartbeat struct {
	ctx   context.Context
	mutex *redsync.Mutex
	every time.Duration
}

// loop releases in the done case, with the field's context.
func (h *heartbeat) loop() error {
	t := time.NewTicker(h.every)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			if _, err := h.mutex.UnlockContext(h.ctx); err != nil { // want `redsync UnlockContext is sent with h.ctx, which is done here \(case <-h.ctx.Done\(\) at jobs.go:135\): go-redis fails`
				return err
			}
			return h.ctx.Err()
		case <-t.C:
			if _, err := h.mutex.ExtendContext(h.ctx); err != nil {
				return err
			}
		}
	}
}

// Handover extends once more after ctx ended: the renewal is never sent.
func (r *Runner) Handover(ctx context.Context, m *redsync.Mutex, save func() error) error {
	if ctx.Err() == nil {
		return nil
	}
	if _, err := m.ExtendContext(ctx); err != nil { // want `redsync ExtendContext is sent with ctx, which is done here \(ctx.Err\(\) == nil is false at jobs.go:150\): go-redis fails a command whose context is done before sending it, so the lock is not extended; renew with a context that is still live, or release the lock if the work is over`
		return err
	}
	return save()
}
