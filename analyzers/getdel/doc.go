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
// Not reported: a WATCH transaction that reads the key in its callback and
// writes inside TxPipelined (EXEC fails if the key changed); comparisons
// with constants ("" or nil checks are existence checks); keys that are
// not lock keys; _test.go files, where reading the value back is an
// assertion and deleting it cleanup.
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
