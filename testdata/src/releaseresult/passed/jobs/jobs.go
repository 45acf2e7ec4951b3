// Package jobs releases through the passed package's functions and its
// Locker interface.
package jobs

import (
	"context"

	"example.com/fixtures/releaseresult/passed"
)

type Runner struct {
	store *passed.Store
	lock  passed.Locker
}

func (r *Runner) Once(ctx context.Context, name, token string, work func()) {
	if ok, err := r.store.Lock(ctx, name, token); err != nil || !ok {
		return
	}
	defer r.store.Release(ctx, name, token) // want `Release \(EVALSHA at passed.go:52\) is deferred and its result dropped: its error is how the release reports that the lock was no longer ours`
	work()
}

func (r *Runner) Checked(ctx context.Context, name, token string, work func()) error {
	if ok, err := r.store.Lock(ctx, name, token); err != nil || !ok {
		return err
	}
	work()
	return r.store.Unlock(ctx, name, token) // ok: returned to the caller
}

// Finish drops the answer of the Locker's only implementation.
func (r *Runner) Finish(ctx context.Context, name, token string) {
	r.lock.Unlock(ctx, name, token) // want `Unlock \(EVALSHA at passed.go:47\) drops its result`
}
