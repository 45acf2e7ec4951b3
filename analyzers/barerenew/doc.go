// Package barerenew defines an Analyzer that reports lock renewals that
// extend the lock key without checking who holds it.
//
// # Analyzer barerenew
//
// barerenew: check that a Redis lock is renewed only by its owner
//
// A watchdog that renews a lock with EXPIRE, PEXPIRE, or SET with a TTL
// extends whatever lock the key holds. If the holder's lease lapsed and
// another client took the lock, the renewal extends (or, for SET,
// overwrites) that client's lock, and the old holder goes on believing it
// owns it.
//
//	rdb.PExpire(ctx, key, ttl)                           // bad: bare-renew
//	err := safelock.Refresh(ctx, rdb, key, token, ttl) // good: compare and renew in one step
//
// The expire right after its own acquire is part of the acquire, not a
// renewal; renewals with an owner check and code in _test.go files are not
// reported either. The suggested fix replaces EXPIRE and PEXPIRE with
// safelock.Refresh, or an inline compare-and-expire script for clients
// safelock cannot take, when the token is in reach.
//
// Category bare-renew: docs/checks/bare-renew.md.
package barerenew
