// Package baredel defines an Analyzer that reports lock releases that
// delete the lock key without checking who holds it.
//
// # Analyzer baredel
//
// baredel: check that a Redis lock is released only by its owner
//
// A lock key deleted with DEL, UNLINK, GETDEL or a script that does not
// compare the token is released whoever holds it. If the lock expired
// while its holder was paused and another client took it, the late DEL
// deletes that client's lock, and a third client can enter too.
//
//	rdb.Del(ctx, key)                             // bad: bare-del
//	err := safelock.Release(ctx, rdb, key, token) // good: compare and delete in one step
//
// Only lock keys are judged: a key acquired with NX that has lock
// evidence (a lock name, a critical section, an owner check, a wait).
// Releases with an owner check, a delete on the acquire's own error path,
// and code in _test.go files are not reported. The suggested fix calls
// safelock.Release, or an inline compare-and-delete script for clients
// safelock cannot take, when the token is in reach.
//
// Category bare-del: docs/checks/bare-del.md. An administrative
// force-unlock is the known false positive; silence it with
// //leasevet:ignore baredel <reason>.
package baredel
