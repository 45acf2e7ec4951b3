// Package narrowssa builds SSA for the few function bodies of a package
// that a trace from some roots can reach, and indexes what a trace asks of
// the built code: the stores into each struct field, the calls of each
// function, the variables constants were assigned to, and, from syntax,
// the declarations that write each field and package variable.
//
// SSA is built narrowly because building it is the dominant cost of an
// SSA analyzer (notes/performance.md): only for the roots and the
// functions they lead to (calls, field writers, constructors, init
// functions), up to a few levels. The package is handed to
// ssa.CreatePackage as a shallow copy of its files in which every other
// function declaration has no body, so the builder treats it as an
// external function. Only the direct imports are created, from their
// types alone: the builder needs them for the package initialiser and for
// the package-level functions and variables a body names (always through a
// direct import); methods of other packages' types are created on demand
// from type information. Nothing requires buildssa or ctrlflow, which
// would build SSA for every package of the import closure (the standard
// library included) under go vet.
//
// It must not know what a trace looks for: the kinds of source and the
// walk from a value to them are package sources' and package provenance's.
package narrowssa
