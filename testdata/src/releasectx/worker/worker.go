// Package worker runs queued jobs under a lock of its own, held with
// go-redis v9 compare-and-delete and compare-and-expire scripts.
package worker

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrLost = errors.New("worker: the lock was lost")

var (
	unlockScript = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`)
	extendScript = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("pexpire", KEYS[1], ARGV[2])
end
return 0`)
)

// A Job is one unit of work.
type Job func(ctx context.Context) error

// Worker holds the queue's lock while it runs jobs.
type Worker struct {
	rdb   redis.UniversalClient
	key   string
	token string
	ttl   time.Duration
	jobs  <-chan Job
}

func New(rdb redis.UniversalClient, queue string, jobs <-chan Job) *Worker {
	return &Worker{rdb: rdb, key: "lock:queue:" + queue, token: uuid.NewString(), ttl: 30 * time.Second, jobs: jobs}
}

func (w *Worker) acquire(ctx context.Context) error {
	ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("worker: %s is held by another worker", w.key)
	}
	return nil
}

// release sends the compare-and-delete with the caller's context.
func (w *Worker) release(ctx context.Context) error {
	n, err := unlockScript.Run(ctx, w.rdb, []string{w.key}, w.token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLost
	}
	return nil
}

// extend sends the compare-and-expire.
func (w *Worker) extend(ctx context.Context) error {
	n, err := extendScript.Run(ctx, w.rdb, []string{w.key}, w.token, w.ttl.Milliseconds()).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLost
	}
	return nil
}

// Run releases inside the done case of its loop.
func (w *Worker) Run(ctx context.Context) error {
	if err := w.acquire(ctx); err != nil {
		return err
	}
	tick := time.NewTicker(w.ttl / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			n, err := unlockScript.Run(ctx, w.rdb, []string{w.key}, w.token).Int() // want `Run sends an owner-checked release of lock key w.key with ctx, which is done here \(case <-ctx.Done\(\) at worker.go:90\): go-redis fails a command whose context is done before sending it, so the lock stays held until its TTL expires and other clients wait for it; release with context.WithoutCancel\(ctx\) under a short timeout`
			if err == nil && n == 0 {
				err = ErrLost
			}
			return errors.Join(ctx.Err(), err)
		case <-tick.C:
			if err := w.extend(ctx); err != nil { // ok: ctx is not shown done here
				return err
			}
		case job := <-w.jobs:
			if err := job(ctx); err != nil {
				return errors.Join(err, w.release(ctx)) // ok
			}
		}
	}
}

// Drain leaves its loop only through the done case, then releases
// through its own wrapper.
func (w *Worker) Drain(ctx context.Context) error {
	if err := w.acquire(ctx); err != nil {
		return err
	}
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case job := <-w.jobs:
			_ = job(ctx)
		}
	}
	return w.release(ctx) // want `release \(EVALSHA at worker.go:59\) sends its owner-checked release with ctx, which is done here \(case <-ctx.Done\(\) at worker.go:117\): go-redis fails`
}

// Poll runs jobs while its context lives.
func (w *Worker) Poll(ctx context.Context) error {
	if err := w.acquire(ctx); err != nil {
		return err
	}
	for ctx.Err() == nil {
		select {
		case job := <-w.jobs:
			_ = job(ctx)
		case <-time.After(time.Second):
		}
	}
	return w.release(ctx) // want `release \(EVALSHA at worker.go:59\) sends its owner-checked release with ctx, which is done here \(ctx.Err\(\) == nil is false at worker.go:131\): go-redis fails`
}

// PollUntil can also stop on its own: the release after the loop is not
// only reached once ctx is done.
func (w *Worker) PollUntil(ctx context.Context, stop <-chan struct{}) error {
	if err := w.acquire(ctx); err != nil {
		return err
	}
	for ctx.Err() == nil {
		select {
		case job := <-w.jobs:
			_ = job(ctx)
		case <-stop:
			return w.release(ctx) // ok
		}
		if len(w.jobs) == 0 {
			break
		}
	}
	return w.release(ctx) // ok: the break leaves the loop with ctx live
}

// Native releases with DELEX IFEQ after a deadline check.
func (w *Worker) Native(ctx context.Context) error {
	if err := w.acquire(ctx); err != nil {
		return err
	}
	<-w.jobs
	switch ctx.Err() {
	case context.DeadlineExceeded:
		n, err := w.rdb.DelExArgs(ctx, w.key, redis.DelExArgs{Mode: "IFEQ", MatchValue: w.token}).Result() // want `DelExArgs sends an owner-checked release of lock key w.key with ctx, which is done here \(case context.DeadlineExceeded at worker.go:168\): go-redis fails`
		if err == nil && n == 0 {
			err = ErrLost
		}
		return err
	case nil:
		return w.release(ctx) // ok
	}
	return nil
}

// Watch releases from a goroutine that waits for the end of ctx.
func (w *Worker) Watch(ctx context.Context, lost func(error)) {
	go func() {
		<-ctx.Done()
		if err := w.release(ctx); err != nil { // want `release \(EVALSHA at worker.go:59\) sends its owner-checked release with ctx, which is done here \(<-ctx.Done\(\) at worker.go:183\): go-redis fails`
			lost(err)
		}
	}()
}

// OnCancel registers the release to run when ctx ends.
func (w *Worker) OnCancel(ctx context.Context, lost func(error)) (stop func() bool) {
	return context.AfterFunc(ctx, func() {
		if err := w.release(ctx); err != nil { // want `release \(EVALSHA at worker.go:59\) sends its owner-checked release with ctx, which is done when context.AfterFunc runs this function \(context.AfterFunc at worker.go:192\): go-redis fails`
			lost(err)
		}
	})
}

// OnCancelDetached does the same with a context of its own.
func (w *Worker) OnCancelDetached(ctx context.Context, lost func(error)) (stop func() bool) {
	return context.AfterFunc(ctx, func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := w.release(rctx); err != nil { // ok
			lost(err)
		}
	})
}
