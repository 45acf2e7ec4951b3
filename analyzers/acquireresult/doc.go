// Package acquireresult defines an Analyzer that reports lock acquisitions
// whose "not acquired" answer is never read.
//
// # Analyzer acquireresult
//
// acquireresult: check that the code guarded by a Redis lock runs only when the lock was taken
//
// SET NX tells the caller whether it got the lock: SetNX returns false
// with a nil error, SetArgs NX returns redis.Nil, redigo's SET NX replies
// nil. Code that looks only at the error, or at nothing, runs the
// critical section whenever another client holds the lock, and the lock
// excludes no one.
//
//	rdb.SetNX(ctx, key, token, ttl)                     // bad: the answer is dropped
//	ok, err := rdb.SetNX(ctx, key, token, ttl).Result() // good: stop when !ok
//
// Only lock keys are judged: a dedup marker whose answer is ignored on
// purpose is not reported, nor is an answer returned to the caller, a
// command queued in a pipeline, or code in _test.go files. There is no
// fix: what to do when the lock is held is a decision.
//
// Category unchecked-acquire: docs/checks/unchecked-acquire.md.
package acquireresult
