// Package releasectx defines an Analyzer that reports lock releases and
// renewals sent with a context that is already done on that path.
//
// # Analyzer releasectx
//
// releasectx: check that a Redis lock is not released with a context that is already done
//
// go-redis, rueidis and valkey-go fail a command whose context is done
// without sending it. A release sent with the request's context after
// the request was cancelled never reaches Redis: the lock stays held
// until its TTL expires, and every other client waits.
//
//	case <-ctx.Done():
//		return lock.Release(ctx) // bad: ctx is done here
//
//	case <-ctx.Done():
//		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
//		defer cancel()
//		return lock.Release(rctx) // good
//
// A context is done where every path to the call has seen it done:
// inside case <-ctx.Done(), after <-ctx.Done(), past a check of
// ctx.Err() or context.Cause(ctx), or in a context derived from a done
// one. This is a must-analysis on the function's control-flow graph; a
// deferred release counts only when every return follows such a point.
// safelock's Release detaches itself and is not reported; nor is a plain
// deferred release with the request's context.
//
// Category release-done-ctx: docs/checks/release-done-ctx.md.
package releasectx
