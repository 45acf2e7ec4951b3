package v9

import (
	"context"
	"errors"
	"log"
	"math/rand/v2"
	"time"

	"github.com/redis/go-redis/v9"
)

// A Waiter waits for a lock on the schedule its options give.
type Waiter struct {
	rdb     *redis.Client
	key     string
	token   string
	ttl     time.Duration
	retry   time.Duration // zero: retry at once
	verbose bool
}

// AcquireLogged logs a failed attempt and tries again at once: the pause
// is only on the "held" way round.
func (w *Waiter) AcquireLogged(ctx context.Context) error {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) { // want `loop retries SetNX on lock key w.key \(at paths.go:28\) until it succeeds, but the branch on err != nil \(at paths.go:29\) comes round again without the pause at paths.go:36, and takes that way on every attempt while its condition holds: every waiting client sends commands as fast as the network allows`
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			log.Printf("lock %s: %v", w.key, err)
			continue
		}
		if ok {
			return nil
		}
		time.Sleep(50*time.Millisecond + rand.N(50*time.Millisecond))
	}
	return ErrTimeout
}

// AcquireMaybe pauses only when its caller asks for it.
func (w *Waiter) AcquireMaybe(ctx context.Context, patient bool) error {
	for attempt := 0; attempt < 100; attempt++ { // want `the branch on patient \(at paths.go:51\) comes round again without the pause at paths.go:52`
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if patient {
			time.Sleep(20 * time.Millisecond)
		}
	}
	return ErrTimeout
}

// AcquireConfigured pauses for the configured interval, and not at all
// when none is configured.
func (w *Waiter) AcquireConfigured(ctx context.Context) error {
	for attempt := 0; attempt < 100; attempt++ { // want `the branch on w.retry > 0 \(at paths.go:69\) comes round again without the pause at paths.go:70`
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if w.retry > 0 {
			time.Sleep(w.retry)
		}
	}
	return ErrTimeout
}

// AcquireSwitch breaks out of the switch on a closed client before the
// pause its case holds.
func (w *Waiter) AcquireSwitch(ctx context.Context) error {
	for attempt := 0; attempt < 100; attempt++ { // want `the branch on errors.Is\(err, redis.ErrClosed\) \(at paths.go:86\) comes round again without the pause at paths.go:89`
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		switch {
		case err != nil:
			if errors.Is(err, context.Canceled) {
				return err
			}
			if errors.Is(err, redis.ErrClosed) {
				break
			}
			time.Sleep(time.Second)
		case ok:
			return nil
		default:
			time.Sleep(w.retry)
		}
	}
	return ErrTimeout
}

// AcquireAfterFirst pauses before every attempt but the first: every way
// round waits.
func (w *Waiter) AcquireAfterFirst(ctx context.Context) error {
	for attempt := 0; attempt < 100; attempt++ { // ok: the branch is on the attempt counter
		if attempt > 0 {
			time.Sleep(w.retry + 10*time.Millisecond)
		}
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
	return ErrTimeout
}

// AcquireEveryWay pauses on the error way and on the held way.
func (w *Waiter) AcquireEveryWay(ctx context.Context) error {
	for attempt := 0; attempt < 100; attempt++ { // ok: both ways wait
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			if w.verbose {
				log.Printf("lock %s: %v", w.key, err)
			}
			time.Sleep(time.Second)
			continue
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return ErrTimeout
}

// AcquirePolled checks ctx without blocking, then sleeps.
func (w *Waiter) AcquirePolled(ctx context.Context) error {
	for { // ok: the select has a default, and the sleep is on every way
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// AcquireBackoff pauses through its own helper on every way round.
func (w *Waiter) AcquireBackoff(ctx context.Context) error {
	for attempt := 0; attempt < 8; attempt++ { // ok: pause() on both ways
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if ok && err == nil {
			return nil
		}
		if err != nil {
			log.Printf("lock %s: %v", w.key, err)
			if perr := pause(ctx, attempt); perr != nil {
				return perr
			}
			continue
		}
		if perr := pause(ctx, attempt); perr != nil {
			return perr
		}
	}
	return ErrTimeout
}

// AcquireTimed pauses only while the debug clock says so: the branch
// is on a local that the loop changes, which may take the pause next time.
func (w *Waiter) AcquireTimed(ctx context.Context) error {
	last := time.Now()
	for attempt := 0; attempt < 100; attempt++ { // ok: the branch is on a local the loop sets
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if time.Since(last) < time.Second {
			time.Sleep(10 * time.Millisecond)
		}
		last = time.Now()
	}
	return ErrTimeout
}

// Release is the matching owner-checked release.
func (w *Waiter) Release(ctx context.Context) error {
	return unlock.Run(ctx, w.rdb, []string{w.key}, w.token).Err()
}

// AcquireThenWait returns on success and waits on the held way: the
// branch on !ok after the success exit has one way only.
func (w *Waiter) AcquireThenWait(ctx context.Context) error {
	for attempt := 0; attempt < 100; attempt++ { // ok: every way that comes round waits
		ok, err := w.rdb.SetNX(ctx, w.key, w.token, w.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if !ok {
			time.Sleep(w.retry + 10*time.Millisecond)
		}
	}
	return ErrTimeout
}
