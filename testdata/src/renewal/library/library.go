// Package library renews bsm/redislock locks from watchdog goroutines:
// the lock object's key is not in sight, and the lock is named as such.
package library

import (
	"context"
	"log"
	"time"

	"github.com/bsm/redislock"
)

// Export renews forever: a failed renewal is only logged, and nothing
// stops the goroutine when the export ends.
func Export(ctx context.Context, locker *redislock.Client, run func() error) error {
	lock, err := locker.Obtain(ctx, "export", time.Minute, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err := lock.Release(ctx); err != nil {
			log.Printf("export: release: %v", err)
		}
	}()
	go func() { // want `goroutine renews the lock \(Refresh at library.go:\d+\) in a loop with no way to stop`
		for range time.Tick(20 * time.Second) {
			if err := lock.Refresh(ctx, time.Minute, nil); err != nil {
				log.Printf("export: refresh: %v", err)
			}
		}
	}()
	return run()
}

// Import's watchdog stops when the import ends: correct.
func Import(ctx context.Context, locker *redislock.Client, run func() error) error {
	lock, err := locker.Obtain(ctx, "import", time.Minute, nil)
	if err != nil {
		return err
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(20 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if err := lock.Refresh(ctx, time.Minute, nil); err != nil {
					return
				}
			}
		}
	}()
	err = run()
	close(done)
	if rerr := lock.Release(ctx); rerr != nil && err == nil {
		err = rerr
	}
	return err
}
