// Package barerenew defines an Analyzer that reports lock renewals that
// extend the lock key without checking who holds it.
//
// # Analyzer barerenew
//
// barerenew: check that a Redis lock is renewed only by its owner
//
// A watchdog that keeps a lock alive with EXPIRE, PEXPIRE, EXPIREAT,
// PEXPIREAT, or SET/SET XX with a TTL, extends whatever lock the key holds.
// If the holder's lease already lapsed and another client acquired the
// lock, the renewal extends the other client's lock (or, for SET,
// overwrites it), and the holder goes on believing it owns the lock.
//
//	for range ticker.C {
//		rdb.Expire(ctx, key, ttl) // bad: renews whoever's lock is there
//	}
//
//	for range ticker.C {
//		if err := safelock.Refresh(ctx, rdb, key, token, ttl); err != nil { // good
//			cancel()
//			return
//		}
//	}
//
// Category:
//
//   - bare-renew: an unconditional renewal of a lock key outside its own
//     acquire sequence. Reported at the renewal, naming the acquire.
//
// Not reported: renewals with an owner check (a Lua compare-and-expire,
// SET IFEQ, a WATCH transaction, safelock, bsm/redislock, redsync); an
// expire or SET in a script branch where the script has just seen the key
// absent (GET compared with false, EXISTS 0, PTTL -2, with nothing that
// may create the key in between), which extends no one's lock; the
// expire right after its own SETNX in the same function and loop, which
// is part of the acquire (and setnxexpire's when the SETNX has no TTL); a
// renewal after a GET compare, which getdel reports as get-expire; keys
// that are not lock keys; _test.go files.
//
// The suggested fix replaces EXPIRE or PEXPIRE with safelock.Refresh(ctx,
// client, key, token, ttl) for go-redis v9, and with an inline
// compare-and-expire script built with the file's own client import for
// older go-redis, redigo, rueidis, valkey-go and go-zero (their own
// script APIs, as for baredel; rueidis passes the TTL through
// strconv.FormatInt), under the conditions of baredel's fix: the
// token is reachable and only the error of the reply is looked at.
// Absolute expiries and SET renewals get no fix.
//
// Known false positives: a SET of the lock key that is meant to take the
// lock over by force (an operator tool, a migration); silence it with
// //leasevet:ignore barerenew <reason>. Known false negatives: a SET whose
// TTL argument is the constant 0, and renewals whose key identity cannot
// be determined.
package barerenew
