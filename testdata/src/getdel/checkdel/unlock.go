package checkdel

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// Unlock compares in Go, then deletes: the fix replaces the GET, its error
// checks, the compare and the DEL with one owner-checked release, which
// still answers a different token with ErrNotHeld.
func (d *DistLock) Unlock(ctx context.Context) error {
	val, err := d.client.Get(ctx, d.key).Result()
	if errors.Is(err, redis.Nil) {
		return ErrNotHeld
	}
	if err != nil {
		return err
	}
	if val != d.value {
		return ErrNotHeld
	}
	return d.client.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at unlock.go:15 compared its value in Go, as a separate command: the lock can expire and be acquired by another client in between, and this deletes their lock; compare and delete in one step with safelock.Release`
}

// Release does the same in one condition and drops the DEL's reply: the
// release drops its outcome in sight, as the code did.
func (d *DistLock) Release(ctx context.Context) {
	if d.client.Get(ctx, d.key).Val() == d.value {
		d.client.Del(ctx, d.key) // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at unlock.go:31`
	}
}

// Refresh renews after the same check.
func (d *DistLock) Refresh(ctx context.Context) error {
	if v, _ := d.client.Get(ctx, d.key).Result(); v != d.value {
		return ErrNotHeld
	}
	if err := d.client.PExpire(ctx, d.key, d.expiry).Err(); err != nil { // want `PExpire renews lock key d.key \(acquired by SetNX at lock.go:31\) after Get at unlock.go:38 compared its value in Go, as a separate command: the lock can expire and be acquired by another client in between, and this extends their lock; compare and renew in one step with safelock.Refresh`
		return err
	}
	return nil
}

// Reset rewrites the lock with a fresh TTL after the check: SET has no
// owner-checked twin with the same effect, so no fix.
func (d *DistLock) Reset(ctx context.Context) error {
	cur := d.client.Get(ctx, d.key).Val()
	if cur == d.value {
		return d.client.Set(ctx, d.key, d.value, d.expiry).Err() // want `Set renews lock key d.key \(acquired by SetNX at lock.go:31\) after Get at unlock.go:50`
	}
	return ErrNotHeld
}

// Drop returns the DEL's error from inside the compare; a token that
// differs is a success, and stays one after the fix.
func (d *DistLock) Drop(ctx context.Context) error {
	if d.client.Get(ctx, d.key).Val() == d.value {
		return d.client.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at unlock.go:60`
	}
	return nil
}

// Yield returns the DEL's error from inside the compare and a sentinel
// otherwise: the whole becomes one release that keeps the sentinel.
func (d *DistLock) Yield(ctx context.Context) error {
	if d.client.Get(ctx, d.key).Val() == d.value {
		return d.client.Del(ctx, d.key).Err() // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at unlock.go:69`
	}
	return ErrNotHeld
}

// Handover logs the value it read after the release: the GET stays, and
// so does the compare, so no fix rewrites half of it.
func (d *DistLock) Handover(ctx context.Context, log func(string)) error {
	cur, err := d.client.Get(ctx, d.key).Result()
	if err != nil {
		return err
	}
	if cur != d.value {
		return fmt.Errorf("held by %s", cur)
	}
	if err := d.client.Del(ctx, d.key).Err(); err != nil { // want `Del deletes lock key d.key \(acquired by SetNX at lock.go:31\) after Get at unlock.go:78`
		return err
	}
	log(cur)
	return nil
}
