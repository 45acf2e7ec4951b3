// Package locktoken defines an Analyzer that reports Redis locks whose
// value cannot tell one acquisition from another.
//
// # Analyzer locktoken
//
// locktoken: check that every lock acquisition writes a fresh unique token
//
// A lock's value is its owner's proof: the release and the renewal compare
// it before they delete or extend the key. When every acquisition writes
// the same value, that compare proves nothing: a client whose lock expired
// deletes the lock another client took since, and two holders cannot be
// told apart. The value of each acquire on a lock key is traced through
// SSA (locals, phi nodes, conversions, fmt.Sprintf, strconv and
// concatenation parts, struct fields set in the package's constructors,
// package variables and their initialisers, wrapper parameters through
// lockmodel's summary facts, and token helpers of other packages through
// this analyzer's own facts) to its sources:
//
//	rdb.SetNX(ctx, "lock:job", "1", ttl)               // bad: constant-token
//	rdb.SetNX(ctx, "lock:job", hostname, ttl)          // bad: instance-token
//	rdb.SetNX(ctx, "lock:job", time.Now().Unix(), ttl) // bad: time-token
//	rdb.SetNX(ctx, "lock:job", safelock.NewToken(), ttl) // good
//
// Categories:
//
//   - constant-token: the value is a constant ("1", true, "locked", a
//     named constant, a package variable set to a constant).
//   - instance-token: the value is built only from per-process or
//     per-host identity: os.Hostname, os.Getpid, os.Getppid, goroutine or
//     thread ids (a helper that parses runtime.Stack), a package variable
//     initialised once (an "instance ID"), possibly with constants. A
//     helper's name is never evidence: a function named goroutineID or
//     GetThreadIDStr is judged by its body (here, or through its fact),
//     and one that draws crypto/rand is unique.
//   - time-token: the value contains a clock reading (time.Now) and
//     nothing unique: two clients acquiring in the same tick collide.
//
// A value with one per-acquisition unique part is accepted: crypto/rand,
// a UUID, math/rand, an atomic counter (instanceID + epoch + requestID is
// what the design text allows), safelock.NewToken, and the functions named
// by -token-funcs. Library options that fix the value are checked too:
// bsm/redislock Options{Token: ...} and redsync WithValue(...) or a
// WithGenValueFunc whose function returns a weak value. The libraries'
// default tokens are unique.
//
// A value a constructor stores into the lock struct (func newLock(rdb,
// key, value string) *Lock, then SetNX(ctx, l.key, l.value, ttl) in
// TryLock) is the union of the arguments of every call of the constructor
// in the package, outside tests: it is reported at the acquire, with each
// weak argument as related information, only when every construction and
// every other assignment of the field is weak. When the constructor is
// exported from a library package, importers choose their own value and
// the acquire is not judged; a call of it in the package itself that
// passes a weak value (NewLock(pool, "nightly", "token")) is reported at
// that argument, with the acquire as related information.
//
// Only lock keys are checked (RULES.md, "Lock key"): a constant value on
// an idempotency or dedup marker (SetNX(ctx, "processed:"+id, 1, ttl)) is
// normal. A value with a part whose source cannot be determined (a
// parameter of an exported function, an interface method, a function of
// another package without a token fact, a field other packages may set) is
// not reported.
//
// The suggested fix replaces the constant with safelock.NewToken() only
// where every use of the old value changes together: the single
// assignment of the lock struct's value field (in its constructor), read
// by both the acquire and the release, or a local variable assigned once
// in the function that acquires and releases. Otherwise there is no fix:
// a release that still compares with the old constant would never match.
// Fixes are offered for go-redis v9 acquires.
//
// Token helpers of other packages (func InstanceID() string, var Owner =
// ...) are read through facts: in every package outside the standard
// library, small exported functions without parameters and exported
// string, integer or boolean variables whose syntax names a source are
// traced (a helper that reaches a source only through the package's own
// functions, "g" + goroutineID(), included), and a fact records their
// kind. A helper of another package without a fact is an unknown source.
//
// Code in _test.go files is not checked: tests write fixed values on
// purpose, to play another holder.
//
// Known false negatives: values traced through more than three calls or
// field hops; helpers with parameters or methods of other packages;
// constants compared through interfaces; fields set through setter
// methods' parameters; exported constructors called with a weak value
// from another package.
package locktoken
