// Package acquireloop defines an Analyzer that reports loops that wait for
// a Redis lock by hammering Redis or by never giving up.
//
// # Analyzer acquireloop
//
// acquireloop: check that a loop waiting for a Redis lock pauses between attempts and can give up
//
// Code that needs a lock someone else holds often waits for it in a loop
// around the acquire. Without a pause, every waiting client sends SET NX
// as fast as the network allows: Redis spends its single thread on
// failed acquires and the holder's own commands (its renewal, its
// release) queue behind them. Without a way out but success, a holder
// that never releases, or a lock key that never expires, hangs every
// waiter for good.
//
//	for { // bad: spin-acquire and unbounded-acquire
//		if ok, _ := rdb.SetNX(ctx, key, token, ttl).Result(); ok {
//			break
//		}
//	}
//
//	deadline := time.Now().Add(5 * time.Second)
//	for time.Now().Before(deadline) { // good: a deadline and a pause
//		ok, err := rdb.SetNX(ctx, key, token, ttl).Result()
//		if err != nil {
//			return err
//		}
//		if ok {
//			return nil
//		}
//		time.Sleep(50*time.Millisecond + rand.N(50*time.Millisecond))
//	}
//	return errTimeout
//
// A retry loop is a for statement around an acquire of a lock key whose
// condition, or an if in its body that returns or breaks, tests the
// acquire's result (RULES.md, "Lock key": waiting). Categories:
//
//   - spin-acquire: nothing in an iteration waits: no time.Sleep, receive
//     (<-ticker.C, <-time.After(d), <-ctx.Done()), select without a
//     default, sync.Cond or WaitGroup Wait, blocking Redis command (BLPOP,
//     pub/sub Receive, WAIT), call of a backoff or retry library
//     (cenkalti/backoff, avast/retry-go, sethvargo/go-retry,
//     k8s.io/apimachinery wait, x/time/rate, go-zero's core packages, the
//     lock libraries), or function named for a pause (sleep, wait,
//     backoff, delay). Functions of the same package are looked into,
//     three calls deep. A select with a default clause does not wait.
//   - unbounded-acquire: the loop ends only on success: its condition
//     tests only the acquire's result, and every return, break, goto,
//     panic or os.Exit in it is guarded only by the result (or by
//     nothing). A deadline or counter in the condition, a ctx.Done() case
//     that returns, an `if err != nil { return err }` all count as ways
//     out.
//
// Both are reported at the loop, with the acquire as related
// information; one loop can have both.
//
// Not reported: lock libraries' retry strategies (bsm/redislock
// RetryStrategy, safelock.WithRetry, redsync's tries), which wait and
// give up by design; range loops (setting one marker per item is not
// waiting); loops that skip a held key with continue; keys that are not
// lock keys; _test.go files.
//
// Known false negatives: a wait that only happens on some paths of the
// iteration, and an exit condition that never becomes true.
package acquireloop
