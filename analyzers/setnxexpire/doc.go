// Package setnxexpire defines an Analyzer that reports Redis locks whose
// expiry is not set in the same command as the acquire.
//
// # Analyzer setnxexpire
//
// setnxexpire: check that a Redis lock is acquired with its TTL in one command
//
// A lock taken with SETNX (or SetNX with no TTL) and given its TTL by a
// later EXPIRE never expires if the client crashes, times out or is
// cancelled in between. Queued in one pipeline, the EXPIRE even runs when
// the SETNX failed, extending another client's lock. A lock key acquired
// with no TTL at all is released by nothing if its holder dies.
//
//	rdb.SetNX(ctx, key, token, 0)
//	rdb.Expire(ctx, key, ttl)       // bad: setnx-expire
//	rdb.SetNX(ctx, key, token, ttl) // good: SET key token NX PX ttl
//
// The suggested fix moves the TTL into the acquire and removes the
// expire with its error handling (a returned expire error becomes nil),
// when the TTL can be written at the acquire. Code in _test.go
// files is not reported.
//
// Categories: setnx-expire (docs/checks/setnx-expire.md),
// setnx-expire-pipeline (docs/checks/setnx-expire-pipeline.md) and no-ttl
// (docs/checks/no-ttl.md).
package setnxexpire
