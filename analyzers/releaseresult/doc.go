// Package releaseresult defines an Analyzer that reports owner-checked lock
// releases and renewals whose "not the owner" answer is dropped.
//
// # Analyzer releaseresult
//
// releaseresult: check that the answer of an owner-checked release or renewal is looked at
//
// An owner-checked release deletes nothing when the lock is no longer
// ours, and says so: a compare script replies 0, safelock and
// bsm/redislock return an error, redsync and go-zero's RedisLock return
// false. That answer is the only sign that the lock expired while we held
// it. Code that drops it goes on as if nothing happened.
//
//	script.Run(ctx, rdb, []string{key}, token).Err()            // bad: a 0 reply is no error
//	n, err := script.Run(ctx, rdb, []string{key}, token).Int() // good: n == 0 is the lost lock
//
// What a script answers is read from its Lua, on the paths where the
// owner check fails: a nil or error reply reaches go-redis as an error, so
// checking the error is enough there. An explicit `_ =` (except of a
// renewal in a loop that runs on the clock, where the answer is the
// loop's only sign of a lost lock), replies queued in a pipeline, the
// package's own release wrappers and code in _test.go files are not
// reported. The suggested fix, for `return <call>.Err()` on
// go-redis v9, returns safelock.ErrNotOwner on a 0 reply.
//
// Category unchecked-release: docs/checks/unchecked-release.md.
package releaseresult
