// Package acquireloop defines an Analyzer that reports loops that wait for
// a Redis lock by hammering Redis or by never giving up.
//
// # Analyzer acquireloop
//
// acquireloop: check that a loop waiting for a Redis lock pauses between attempts and can give up
//
// Code that waits for a lock often retries its acquire in a loop. With no
// pause, every waiting client sends SET NX as fast as the network allows,
// and the holder's own commands queue behind them. With no way out but
// success, a holder that never releases hangs every waiter for good.
//
//	for !rdb.SetNX(ctx, key, token, ttl).Val() { // bad: spin-acquire and unbounded-acquire
//	}
//
// A retry loop is a for statement around an acquire of a lock key whose
// condition, or an exit in its body, tests the acquire's result. The pause
// is judged on every way round the loop: a continue past the sleep, or a
// sleep under a branch that the acquire's answer or the caller's values
// decide, leaves a way that hammers Redis. Both are reported at the loop;
// a lock library's retry strategy, range loops and code in _test.go files
// are not.
//
// Categories: spin-acquire (docs/checks/spin-acquire.md) and
// unbounded-acquire (docs/checks/unbounded-acquire.md).
package acquireloop
