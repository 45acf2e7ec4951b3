package checkdel

import "context"

// ResetVia rewrites the lock through a helper of its own after the
// check: the helper's SET, with the TTL the helper gives it, is the
// check-then-act write.
func (d *DistLock) ResetVia(ctx context.Context) error {
	if d.client.Get(ctx, d.key).Val() != d.value {
		return ErrNotHeld
	}
	return d.rewrite(ctx)
}

// rewrite stores the lock's value again with a fresh TTL.
func (d *DistLock) rewrite(ctx context.Context) error {
	return d.client.Set(ctx, d.key, d.value, d.expiry).Err() // want `Set renews lock key d.key \(acquired by SetNX at lock.go:31\) after Get at reset.go:9 compared its value in Go`
}
