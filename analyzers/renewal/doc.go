// Package renewal defines an Analyzer that reports lock watchdogs that
// outlive their lock: renewal goroutines that cannot be stopped, and
// releases that delete the lock before stopping the renewal.
//
// # Analyzer renewal
//
// renewal: check that a Redis lock's watchdog stops, and stops before the release
//
// A watchdog keeps a long job's lock alive by renewing it from a
// goroutine. One that cannot stop renews until the process exits, so a
// finished or crashed holder never frees the lock. A release that deletes
// the key before it stops the watchdog lets a renewal in flight land after
// the delete, and a SET ... PX renewal re-creates the lock under the old
// owner.
//
//	go func() {
//		for range ticker.C { refresh(ctx, rdb, key, token) } // bad: watchdog-leak
//	}()
//
// A watchdog is a go statement whose goroutine renews a lock key in a
// loop. The order of stop and release is decided on the release
// function's control-flow graph. Code in _test.go files and lock
// libraries' own watchdogs are not reported.
//
// Categories: watchdog-leak (docs/checks/watchdog-leak.md) and
// release-before-stop (docs/checks/release-before-stop.md).
package renewal
