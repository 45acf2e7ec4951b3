// Package getdel defines an Analyzer that reports lock releases and
// renewals that check the owner in Go and then act in a separate command.
//
// # Analyzer getdel
//
// getdel: check that a Redis lock's owner check and release are one atomic step
//
// Reading the lock value with GET, comparing it with the token in Go, and
// then sending DEL (or EXPIRE) as a separate command is check-then-act:
// between the GET and the DEL the lock can expire and be acquired by
// another client, whose lock the DEL then deletes.
//
//	if rdb.Get(ctx, key).Val() == token { // bad: the key can change hands here
//		rdb.Del(ctx, key)
//	}
//
//	err := safelock.Release(ctx, rdb, key, token) // good: compare and delete in one step
//
// Categories:
//
//   - get-del: the compare is followed by DEL, UNLINK or GETDEL of the same
//     lock key. Reported at the delete, naming the GET and the acquire.
//   - get-expire: the compare is followed by EXPIRE, PEXPIRE, EXPIREAT,
//     PEXPIREAT or a SET with a TTL of the same lock key. Reported at the
//     renewal.
//
// The compare is itself the lock evidence: a GET, a compare with another
// value in Go (==, !=, in either shape: if v == tok { del } and if v !=
// tok { return }; del) and a DEL or EXPIRE of the same key in one function
// is a release written as check-then-act, wherever the key was acquired
// (the value read through .Val(), .Result(), .Int64(), redigo's
// redis.String, redis.Int64, redis.Bytes, a type assertion or strconv).
// An ordered compare (<, >) of a timestamp value with the clock, the
// SETNX/GETSET expiry algorithm, counts on keys known to be locks.
//
// Not reported: a WATCH transaction that reads the key in its callback
// (inline or a local func passed to Watch) and writes inside TxPipelined
// (EXEC fails if the key changed); comparisons with constants ("" or nil
// checks are existence checks); a compare followed by a SET of a key that
// is not a lock (a cache compare-and-set), and keys the package writes
// with a plain SET outside such a compare (state, not a lock acquired
// with NX); _test.go files, where reading the value back is an assertion
// and deleting it cleanup.
//
// The suggested fix replaces the delete with safelock.Release(ctx, client,
// key, token), or the EXPIRE/PEXPIRE with safelock.Refresh, using the
// token the value was compared with, for go-redis v9; older go-redis,
// redigo, rueidis, valkey-go and go-zero get an inline compare script built
// with the file's own client import (NewScript, NewLuaScript, Eval). It leaves the GET and the compare in place, now redundant but
// harmless, because removing them would change the caller's control flow
// and error values. It is offered only when the token can be written at
// the delete and the caller only looks at the error of the reply.
//
// Known false positives: a compare whose other side is not the owner token
// (a version or a state value stored under the lock key) is still taken
// for an owner check; silence it with //leasevet:ignore getdel <reason>.
// Known false negatives: a compare through a helper function, a switch, or
// strings.EqualFold; a GET in another function than the write.
package getdel
