// Package provenance traces where a Go value comes from, through SSA, and
// classifies each of its sources: a constant, a per-process identity (host
// name, process id, a package variable set once), a clock reading, or a
// per-acquisition unique value (crypto/rand, a UUID, math/rand, an atomic
// counter). leasevet's locktoken analyzer asks it where a lock value comes
// from.
//
// SSA is built lazily and narrowly, because building it is the dominant
// cost of an SSA analyzer (notes/performance.md): nothing is built until
// the first Trace, never for a package that has no acquire, and only for
// the functions a trace can reach. The package is handed to ssa.CreatePackage
// as a shallow copy of its files in which every other function declaration
// has no body, so the builder treats it as an external function. Only the
// direct imports are created, from their types alone: the builder needs
// them for the package initialiser and for the package-level functions and
// variables a body names (always through a direct import); methods of
// other packages' types are created on demand from type information. Nothing
// Requires buildssa or ctrlflow, which would build SSA for every package
// of the import closure (the standard library included) under go vet.
//
// Precision comes first: a trace that meets a value it cannot follow (a
// parameter, an interface method, an unknown function, a field another
// package may write) yields Unknown for that part, and callers stay silent
// about a value with an unknown part.
package provenance
