// Package releaseresult defines an Analyzer that reports owner-checked lock
// releases and renewals whose "not the owner" answer is dropped.
//
// # Analyzer releaseresult
//
// releaseresult: check that the answer of an owner-checked release or renewal is looked at
//
// An owner-checked release compares the token and deletes in one step;
// when the lock is no longer ours it deletes nothing and says so: a
// compare-and-delete script replies 0, safelock and bsm/redislock return
// an error (safelock.ErrNotOwner, redislock.ErrLockNotHeld), redsync
// returns false (and, from v4.7.0 on, an error with it). That answer is the only sign that the lock expired while
// we held it and someone else may have run the critical section at the
// same time. The design text: a 0 reply means the lock is no longer ours;
// record the owner mismatch and stop side effects that depend on the lock.
//
//	rdb.Eval(ctx, unlockLua, []string{key}, token)              // bad: reply dropped
//	return script.Run(ctx, rdb, []string{key}, token).Err()     // bad: a 0 reply is not an error
//	defer lock.Release(ctx)                                     // bad: error dropped
//	_, err := mutex.Unlock()                                    // bad before redsync v4.7.0: ok dropped
//
//	n, err := script.Run(ctx, rdb, []string{key}, token).Int()  // good: n == 0 is the mismatch
//	if err := lock.Release(ctx); err != nil { ... }             // good
//
// Category unchecked-release. Checked calls: Eval, EvalSha, Script.Run and
// the like (go-redis), Script.Do (redigo), (*Lua).Exec and the EVAL
// builders (rueidis, valkey-go), Eval and ScriptRun (go-zero) whose Lua the model classified
// as a guarded delete or expire; DELEX key IFEQ token (DelExArgs, and
// DELIFEQ), which replies 0, and SET key v IFEQ token (SetIFEQ), which
// replies nil, on a mismatch; safelock Release and Refresh (functions
// and *Lock methods); bsm/redislock Lock.Release and Lock.Refresh; redsync
// Mutex Unlock, UnlockContext, Extend and ExtendContext; go-zero
// RedisLock Release and ReleaseCtx, which answer (false, nil) when the lock
// was lost. Dropping means: the call is a statement, deferred or started
// with go, only its error is read (.Err(), rueidis .Error(), _, err :=
// ...), for script replies and the ok of redsync and RedisLock.
//
// What a script answers is read from its Lua, on the paths where the owner
// check failed or the key was found missing: `return 0`, `return -1`, or
// `check and del or 0` is an integer, which checking only the error
// misses. A script that answers there with nil, false, no value, or an
// error reply (redis.error_reply, error()) reaches go-redis as an error
// (redis.Nil for nil), so checking only its error is enough; dropping it
// entirely is still reported. An integer returned before the owner check
// (a bad-argument answer) is not the mismatch answer. Scripts that also
// acquire with NX (bsm/redislock's obtain script) are not releases.
//
// redsync from v4.7.0 on (the releases whose package declares
// ErrNodeTaken, which is how the analyzer tells them apart, whatever the
// version string) returns an error whenever Unlock or Extend returns
// false: ErrNodeTaken, ErrTaken, ErrLockAlreadyExpired or
// ErrExtendFailed. There `_, err := m.Unlock()` with err checked keeps the
// answer and is not reported; only a dropped error is. Older releases
// return (false, nil) when another client holds the key, so keeping only
// the error is reported.
//
// An explicit blank assignment of every result (_ = lock.Release(ctx))
// is a visible decision and is not reported, as errcheck does by default.
// Commands queued in a pipeline are not checked: their replies are read
// after Exec. Calls of the package's own release wrappers are not checked:
// the wrapper may handle the answer itself. Code in _test.go files is not
// checked: a test releases what it obtained a line earlier, with no other
// client (bsm/redislock's own tests defer Release).
//
// The suggested fix, for `return <script or DELEX call>.Err()` on go-redis v9 in a
// function whose only result is an error, reads the integer reply and
// returns safelock.ErrNotOwner when it is 0. There is no other fix: what
// to do when the lock was lost is the program's decision.
package releaseresult
