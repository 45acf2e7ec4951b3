// Package provenance traces where a Go value comes from, through SSA, and
// classifies each of its sources: a constant, a per-process identity (host
// name, process id, a package variable set once), a clock reading, or a
// per-acquisition unique value (crypto/rand, a UUID, math/rand, an atomic
// counter). leasevet's locktoken analyzer asks it where a lock value comes
// from.
//
// SSA is built lazily, on the first trace and never for a package with
// no acquire, and narrowly, for the functions a trace from the roots can
// reach (package narrowssa). The kinds of source, the library functions
// that produce them and how a value's parts combine are package sources';
// the names callers use stay here. This package owns the walk from a
// value back to its sources through the built code: constants, package
// variables set once, struct fields written in the package, helpers'
// returns, buffers filled by a call, and a constructor's parameter
// followed to its call sites. It must not know lock APIs: its callers
// choose the roots and the values to trace.
//
// Precision comes first: a trace that meets a value it cannot follow (a
// parameter, an interface method, an unknown function, a field another
// package may write) yields Unknown for that part, and callers stay silent
// about a value with an unknown part.
package provenance
