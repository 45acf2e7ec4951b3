// Package baredel defines an Analyzer that reports lock releases that
// delete the lock key without checking who holds it.
//
// # Analyzer baredel
//
// baredel: check that a Redis lock is released only by its owner
//
// A lock key deleted with DEL, UNLINK, GETDEL, Do("del", ...) or a script
// that deletes with no compare is released whoever holds it. If the lock
// expired while its holder was paused (GC, a slow request, a network
// partition) and another client acquired it, the late DEL deletes the
// other client's lock, and a third client can now enter the critical
// section too.
//
//	ok, _ := rdb.SetNX(ctx, key, token, ttl).Result()
//	...
//	rdb.Del(ctx, key) // bad: deletes whoever's lock is there
//
//	err := safelock.Release(ctx, rdb, key, token) // good: compare and delete in one step
//
// Category:
//
//   - bare-del: an unconditional delete of a lock key: a key acquired with
//     NX (in the same function, another method of the same type through the
//     same field, the same package under the same key identity or family,
//     the other half of a Lock(key)/Unlock(key) pair, or through a
//     wrapper's summary) that has lock evidence: a lock word in its text or
//     in the name of a function, parameter or variable that acquires or
//     releases it, the acquire and a release in one function, an owner
//     check on some release, or an acquire retried until it succeeds.
//     Reported at the delete, naming the acquire. A helper of the package
//     that receives the key and is only called with lock keys is reported
//     at its own delete, once, with a caller as related information.
//
// Not reported: deletes with an owner check (a Lua compare-and-delete,
// DELEX IFEQ, DELIFEQ, a WATCH transaction, safelock, bsm/redislock,
// redsync); a DEL in a script branch where the script has just seen the
// key absent (`local v = redis.call('get', KEYS[1]) if v == false then
// redis.call('del', KEYS[1]) ...`, EXISTS 0, PTTL -2), which deletes
// nothing; a delete on the error path of the acquire itself; test
// cleanup in _test.go files (a SetNX there is setup); keys that are never
// acquired with NX (cache keys) or acquired with NX with no lock evidence
// (dedup markers, and on/off flags set with NX in one function and deleted
// in another); names that only contain "lock" (IndexBlock, MarkClockSkew,
// "indexed-block:"); a delete after a GET compare, which getdel reports as
// get-del.
//
// The suggested fix replaces the delete with safelock.Release(ctx, client,
// key, token) for go-redis v9, and with an inline compare-and-delete script
// built with the file's own client import for older go-redis and redigo
// (rueidis and valkey-go: NewLuaScript(src).Exec(...).Error(); go-zero:
// Eval or EvalCtx on the same client). It is offered only when the token the acquire stored can be written at
// the delete (a local of the same function, or a field of the same
// receiver) and the caller only looks at the error: X.Err(), _, err :=
// X.Result(), or a statement directly in a function returning only an
// error, which then returns the release's error.
//
// Known false positives: an administrative force-unlock that means to
// delete any holder's lock; silence it with
// //leasevet:ignore baredel <reason>.
package baredel
