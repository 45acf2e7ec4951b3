// Package renewal defines an Analyzer that reports lock watchdogs that
// outlive their lock: renewal goroutines that cannot be stopped, and
// releases that delete the lock before stopping the renewal.
//
// # Analyzer renewal
//
// renewal: check that a Redis lock's watchdog stops, and stops before the release
//
// A watchdog keeps a long job's lock alive by renewing its TTL from a
// goroutine. The design text says: when the work ends, stop the local
// renewal first, then release conditionally, and handle a renewal in
// flight racing the release; when a renewal fails, stop. A watchdog with
// no way to stop renews until the process exits, so a finished or crashed
// critical section never frees the lock. A release that deletes and only
// then stops the watchdog (or never stops it) lets a renewal in flight
// land after the delete: a SET ... PX renewal re-creates the lock under
// the old owner, and any renewal keeps a goroutine working for a lock
// that is gone.
//
//	go func() {
//		for range ticker.C { // bad: watchdog-leak, nothing ends the loop
//			refresh(ctx, rdb, key, token)
//		}
//	}()
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		err := release(ctx, l.rdb, l.key, l.token)
//		close(l.done) // bad: release-before-stop, the watchdog may still renew
//		return err
//	}
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		close(l.done) // good: stop the watchdog,
//		<-l.stopped   // wait for it,
//		return release(ctx, l.rdb, l.key, l.token) // then compare and delete
//	}
//
// A watchdog is a go statement whose goroutine (a function literal, or a
// function or method of this package) renews a lock key in a for or range
// loop: EXPIRE, PEXPIRE, SET with a TTL, a compare-and-expire script,
// SET IFEQ, a lock library's refresh, or a wrapper of this package (or of
// an imported one, through summary facts) that sends one. Categories:
//
//   - watchdog-leak: the renewal loop cannot end: a for with no condition
//     and no return, break, goto, panic or exit in its body, or a range
//     over a ticker's channel (which is never closed) with none either.
//     A return on a done channel, on ctx.Done(), on a flag or on a failed
//     renewal each counts as a way to stop. Reported at the go statement.
//   - release-before-stop: a release (DEL, a compare-and-delete script,
//     DELEX IFEQ, a lock library's release, or a wrapper that sends one)
//     of a key a stoppable watchdog renews, in a function that never
//     stops the watchdog, or in which some path reaches the release
//     before a stop. A stop is a close of or a send on a channel, a call
//     of a cancel function held in a field or variable, a call of a
//     function named for stopping (Stop, cancelRenewal), a store to a
//     stop flag (a bool field named stopped, running, done; sync/atomic),
//     or a call of a function of this package that does one. Locals count
//     only in the function that started the watchdog: elsewhere a local
//     cancel belongs to the release's own timeout context. "Before" is
//     decided on the control-flow graph of the release function
//     (golang.org/x/tools/go/cfg, built only for functions that contain
//     both a release and a stop); deferred calls run at the return, last
//     registered first. Reported at the release.
//
// Not reported: a watchdog in a _test.go file; a goroutine that renews
// once, not in a loop; a release inside the watchdog goroutine itself (it
// found the lock lost); a helper with no stop of its own, which is judged
// at its calls; watchdogs of lock libraries (safelock.WithWatchdog,
// which stops before it releases).
//
// Known false negatives: a stop that stops something other than the
// watchdog (any close or cancel counts), and watchdogs started in another
// package.
package renewal
