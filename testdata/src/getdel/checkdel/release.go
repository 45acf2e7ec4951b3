package checkdel

import (
	"context"
	"fmt"
)

// ReleaseChecked assigns the DEL's error in the if's body and returns it:
// the fix leaves safelock.Release's error in the if's place, and a token
// that differs is ErrNotOwner (the code's own error was not a sentinel).
func (d *DistLock) ReleaseChecked(ctx context.Context) error {
	if d.client.Get(ctx, d.key).Val() == d.value {
		err := d.client.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at release.go:12 compared its value in Go, as a separate command: the lock can expire and be acquired by another client in between, and this deletes their lock; compare and delete in one step with safelock.Release`
		return err
	}
	return fmt.Errorf("checkdel: %s held by another owner", d.key)
}

// ReleaseWrapped wraps the DEL's error before returning it: not the
// write's error alone, so no fix.
func (d *DistLock) ReleaseWrapped(ctx context.Context) error {
	if d.client.Get(ctx, d.key).Val() == d.value {
		err := d.client.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at release.go:22 compared its value in Go`
		return fmt.Errorf("checkdel: release: %w", err)
	}
	return ErrNotHeld
}

// ReleaseSentinel answers a token that differs with ErrNotHeld, which
// callers can test with errors.Is: the DEL is assigned, not returned,
// so the fix could not keep that answer, and there is none.
func (d *DistLock) ReleaseSentinel(ctx context.Context) error {
	if d.client.Get(ctx, d.key).Val() == d.value {
		err := d.client.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at release.go:33 compared its value in Go`
		return err
	}
	return ErrNotHeld
}

// ReleaseOrNil answers a token that differs with success: no fix, for
// the same reason.
func (d *DistLock) ReleaseOrNil(ctx context.Context) error {
	if d.client.Get(ctx, d.key).Val() == d.value {
		err := d.client.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at release.go:43 compared its value in Go`
		return err
	}
	return nil
}
