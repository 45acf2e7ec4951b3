// Package jobs runs the nightly job under a Redis lock. It imports config,
// which does not compile, so it cannot be analysed: its unconditional
// release goes unreported, and the run must say so.
package jobs

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"

	"example.com/brokendep/config"
)

// ErrBusy is returned when another instance runs the job.
var ErrBusy = errors.New("jobs: nightly job already running")

// Runner runs jobs.
type Runner struct {
	rdb      *redis.Client
	settings config.Settings
}

// RunNightly runs job once across all instances.
func (r *Runner) RunNightly(ctx context.Context, token string, job func(context.Context) error) error {
	const key = "lock:jobs:nightly"
	ok, err := r.rdb.SetNX(ctx, key, token, config.LockTTL(r.settings)).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	defer r.rdb.Del(ctx, key)
	return job(ctx)
}
