package v9

import "context"

// WithLease runs work under the lease. ReleaseLate deletes before it
// stops the watchdog, which is reported once, at its delete: this call,
// and the deferred one below, are the same bug and are not reported again.
func (l *Lease) WithLease(ctx context.Context, work func(context.Context) error) error {
	ok, err := l.Acquire(ctx)
	if err != nil || !ok {
		return err
	}
	l.Watch(ctx)
	werr := work(ctx)
	if err := l.ReleaseLate(ctx); err != nil { // ok: reported in ReleaseLate
		return err
	}
	return werr
}

// WithLeaseDeferred releases in a defer.
func (l *Lease) WithLeaseDeferred(ctx context.Context, work func(context.Context) error) error {
	ok, err := l.Acquire(ctx)
	if err != nil || !ok {
		return err
	}
	l.Watch(ctx)
	defer l.ReleaseLate(ctx) // ok: reported in ReleaseLate
	return work(ctx)
}
