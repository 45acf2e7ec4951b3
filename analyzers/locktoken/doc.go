// Package locktoken defines an Analyzer that reports Redis locks whose
// value cannot tell one acquisition from another.
//
// # Analyzer locktoken
//
// locktoken: check that every lock acquisition writes a fresh unique token
//
// A lock's value is its owner's proof: the release and the renewal compare
// it before they act. When every acquisition writes the same value, the
// compare proves nothing, and a client whose lock expired deletes the
// lock another client took since. The value of each acquire on a lock key
// is traced through SSA to its sources, across wrappers and token helpers
// of other packages (through facts).
//
//	rdb.SetNX(ctx, "lock:job", "1", ttl)                 // bad: constant-token
//	rdb.SetNX(ctx, "lock:job", safelock.NewToken(), ttl) // good
//
// A value with one unique part per acquisition (crypto/rand, a UUID, an
// atomic counter, the functions named by -token-funcs) is accepted, and a
// value whose source cannot be determined is not reported. The suggested
// fix writes a fresh token (safelock.NewToken() on go-redis v9, crypto/rand's
// Text() or math/rand's Uint64 on the other clients) where every use of
// the old value changes with it. Code in _test.go files is not checked.
//
// Categories: constant-token (docs/checks/constant-token.md),
// instance-token (docs/checks/instance-token.md) and time-token
// (docs/checks/time-token.md).
package locktoken
