// Package lockmodel builds, once per package, the model every leasevet
// analyzer reads: the functions of the package and the Redis commands
// each issues (ops: directly, or through wrapper functions summarised by
// facts), the key each op acts on, and which keys are lock keys.
//
// It is an analyzer of its own so that the model and the summary facts are
// computed once per package however many leasevet analyzers run. It
// requires no other analyzer: under go vet every package of the import
// closure, the standard library included, runs it for facts, so its first
// step is a check of the package's direct imports and their facts that
// returns at once in packages that reach no Redis client (gate.go).
//
// It owns the analyzer and its set (analyzer.go), its Settings and flags
// (settings.go), and the model's parts: the walk that turns function
// bodies into ops (build.go), the key each op acts on, compared and
// printed (key.go), the summaries through which a wrapper's calls count
// as its commands (summary.go, links.go), the lock-key judgement
// (lockkeys.go, lockname.go, wait.go), the owner checks around a command,
// check-then-act in Go and WATCH transactions (ownercheck.go), and the
// funnel every finding is reported through (model.go: Report, with
// package suppress). The questions one op answers by itself are its own
// (op.go).
//
// It must not know how a call is recognised (package rediscall), hold any
// rule's own logic (an analyzer's, or a fix's: package ownerfix), or
// decide what is reported.
package lockmodel
