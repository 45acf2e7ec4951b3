// Package lockkey judges which keys of a package are lock keys (RULES.md,
// "Lock key"): a key acquired with NX, under the same identity or family,
// that has lock evidence (a lock name, a critical section, an owner check,
// a wait loop), or the key a same-package helper receives when every call
// of the helper passes a lock key (ProvingCall).
//
// It owns the index of acquires and evidence by key, the lock words of
// -lock-names (Namer), the wait loop of an acquire, the expire that
// completes a two-step acquire, and the questions the analyzers ask about
// a key (IsLockKey, AcquireFor, HasTTLSomewhere, RetryLoop). The judge is
// built once per package, after the ops, and only read afterwards.
//
// It must not know how calls are recognised, ops built or wrappers
// summarised: it is handed the package's ops and, for helpers, the ops
// that stand for theirs at their calls. Nor does it know what any
// analyzer reports.
package lockkey
