// Package acquireresult defines an Analyzer that reports lock acquisitions
// whose "not acquired" answer is never read.
//
// # Analyzer acquireresult
//
// acquireresult: check that the code guarded by a Redis lock runs only when the lock was taken
//
// SET NX tells the caller whether it got the lock: go-redis SetNX returns
// false with a nil error, SetArgs with Mode NX and Do("set", ..., "NX")
// return redis.Nil, redigo's SET NX replies nil with a nil error and SETNX
// replies 0. Code that looks only at the error, or at nothing, goes on as
// if it held the lock whenever another client holds it: every caller runs
// the critical section, and the lock excludes no one.
//
//	rdb.SetNX(ctx, key, token, ttl)                   // bad: the answer is dropped
//	if err := rdb.SetNX(ctx, key, token, ttl).Err(); err != nil { // bad: nil when the lock is held
//		return err
//	}
//
//	ok, err := rdb.SetNX(ctx, key, token, ttl).Result() // good
//	if err != nil {
//		return err
//	}
//	if !ok {
//		return errLocked // someone else holds it
//	}
//
// Category:
//
//   - unchecked-acquire: an acquire of a lock key (a key acquired with NX
//     and released, renewed, waited for or named as a lock; RULES.md "Lock
//     key") whose answer is never read: the call is a statement, deferred
//     or assigned to _; only .Err() is taken of a SetNX or SETNX; in
//     _, err := ...Result() or ok, err := ... the value is never read; the
//     error of SetArgs NX or of a redigo converter (redis.String(conn.Do(
//     "SET", ..., "NX"))) is read only as err != redis.Nil or
//     !errors.Is(err, redis.Nil), which lets a held lock through as
//     success. The same shapes through wrappers of this package or of
//     imported packages (summary facts): a call of a wrapper returning
//     (bool, error) whose bool is dropped, a wrapper returning only an
//     error whose error is dropped. A lock library's Obtain or Lock whose
//     result is discarded is reported too.
//
// Not reported: a result returned to the caller as it is (return
// rdb.SetNX(...).Result()), where the caller is judged; a result assigned
// to a field or passed on; SetArgs NX whose error is checked with
// err != nil (a held lock then takes the error path); keys that are not
// lock keys, such as a dedup marker written with SetNX whose answer is
// deliberately ignored; commands queued in a pipeline; _test.go files.
//
// There is no suggested fix: what to do when the lock is held (wait, give
// up, report) is a decision.
//
// Known false negatives: a value read somewhere in the function but after
// the guarded code has run; an answer stored in a field and never looked
// at.
package acquireresult
