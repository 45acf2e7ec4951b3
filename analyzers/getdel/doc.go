// Package getdel defines an Analyzer that reports lock releases and
// renewals that check the owner in Go and then act in a separate command.
//
// # Analyzer getdel
//
// getdel: check that a Redis lock's owner check and release are one atomic step
//
// Reading the lock value with GET, comparing it with the token in Go, and
// then sending DEL or EXPIRE is check-then-act. Between the GET and the
// DEL the lock can expire and be taken by another client, whose lock the
// DEL then deletes.
//
//	if rdb.Get(ctx, key).Val() == token { // bad: get-del
//		rdb.Del(ctx, key)
//	}
//	err := safelock.Release(ctx, rdb, key, token) // good: compare and delete in one step
//
// The compare is the lock evidence, wherever the key was acquired. A
// WATCH transaction, a compare with a constant (an existence check), and
// code in _test.go files are not reported. The suggested fix replaces the
// whole GET, compare and write with safelock.Release or Refresh, or an
// inline compare script for clients safelock cannot take.
//
// Categories: get-del (docs/checks/get-del.md) and get-expire
// (docs/checks/get-expire.md).
package getdel
