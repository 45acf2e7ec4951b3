// Package jobloop runs scheduled jobs under a lock from a goroutine of
// their own: the goroutine acquires, renews between the steps of the job
// and releases, so no renewal can be in flight when it releases. Only a
// renewal in another goroutine races the release.
package jobloop

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrLost = errors.New("jobloop: lock lost")

var (
	extend = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)
	free   = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
)

// Runner runs one job's steps under the lock key "job:lock:" + name.
type Runner struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
	steps []func(context.Context) error
	done  chan struct{}
}

func NewRunner(rdb *redis.Client, name, token string, ttl time.Duration, steps []func(context.Context) error) *Runner {
	return &Runner{rdb: rdb, key: "job:lock:" + name, token: token, ttl: ttl, steps: steps}
}

func (r *Runner) acquire(ctx context.Context) (bool, error) {
	return r.rdb.SetNX(ctx, r.key, r.token, r.ttl).Result()
}

func (r *Runner) renew(ctx context.Context) error {
	n, err := extend.Run(ctx, r.rdb, []string{r.key}, r.token, r.ttl.Milliseconds()).Int()
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

func (r *Runner) release(ctx context.Context) error {
	n, err := free.Run(ctx, r.rdb, []string{r.key}, r.token).Int()
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

// Start runs the job on every tick, in a goroutine of its own.
func (r *Runner) Start(ctx context.Context, every time.Duration) {
	go r.loop(ctx, every) // ok: the goroutine renews and releases itself
}

func (r *Runner) loop(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ok, err := r.acquire(ctx)
		if err != nil || !ok {
			continue
		}
		r.runSteps(ctx)
		if err := r.release(ctx); err != nil { // ok: the renewals ran before it, in this goroutine
			log.Printf("release %s: %v", r.key, err)
		}
	}
}

// runSteps renews before each step.
func (r *Runner) runSteps(ctx context.Context) {
	for _, step := range r.steps {
		if err := r.renew(ctx); err != nil {
			return
		}
		if err := step(ctx); err != nil {
			return
		}
	}
}

// Job is a lock that a watchdog of its own keeps alive while the caller
// works.
type Job struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
	steps []func(context.Context) error
	done  chan struct{}
}

func (j *Job) acquire(ctx context.Context) (bool, error) {
	return j.rdb.SetNX(ctx, j.key, j.token, j.ttl).Result()
}

func (j *Job) renew(ctx context.Context) error {
	n, err := extend.Run(ctx, j.rdb, []string{j.key}, j.token, j.ttl.Milliseconds()).Int()
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

func (j *Job) release(ctx context.Context) error {
	n, err := free.Run(ctx, j.rdb, []string{j.key}, j.token).Int()
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

// Keep starts a watchdog that renews until done is closed.
func (j *Job) Keep(ctx context.Context) {
	j.done = make(chan struct{})
	go func() {
		t := time.NewTicker(j.ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-j.done:
				return
			case <-t.C:
				if j.renew(ctx) != nil {
					return
				}
			}
		}
	}()
}

// RunKept releases while the watchdog of another goroutine still renews.
func (j *Job) RunKept(ctx context.Context) error {
	ok, err := j.acquire(ctx)
	if err != nil || !ok {
		return err
	}
	j.Keep(ctx)
	for _, step := range j.steps {
		if err := step(ctx); err != nil {
			break
		}
	}
	err = j.release(ctx) // want `Job.RunKept releases lock key j.key \(release \(EVALSHA at jobloop.go:118\)\) before it stops the watchdog started at jobloop.go:128`
	close(j.done)
	return err
}

// RunDeferStop registers the stop first: it runs at the return, after the
// release.
func (j *Job) RunDeferStop(ctx context.Context) error {
	ok, err := j.acquire(ctx)
	if err != nil || !ok {
		return err
	}
	j.Keep(ctx)
	defer close(j.done)
	for _, step := range j.steps {
		if err := step(ctx); err != nil {
			break
		}
	}
	return j.release(ctx) // want `Job.RunDeferStop releases lock key j.key \(release \(EVALSHA at jobloop.go:118\)\) before it stops the watchdog started at jobloop.go:128`
}

// RunStopFirst stops the watchdog, then releases.
func (j *Job) RunStopFirst(ctx context.Context) error {
	ok, err := j.acquire(ctx)
	if err != nil || !ok {
		return err
	}
	j.Keep(ctx)
	defer func() {
		close(j.done)
		_ = j.release(ctx) // ok: the watchdog is stopped first
	}()
	for _, step := range j.steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	return nil
}
