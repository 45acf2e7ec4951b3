package provenance

import (
	"github.com/leasevet/leasevet/analyzers/internal/provenance/narrowssa"
	"github.com/leasevet/leasevet/analyzers/internal/provenance/sources"
)

// The vocabulary of a trace's answer is package sources', and the build
// statistics package narrowssa's; the names stay here so that callers
// need the one import.

// Kind classifies one source of a value.
type Kind = sources.Kind

// The kinds of source, from the least known to the strongest claim.
const (
	Unknown  = sources.Unknown  // cannot be determined: callers stay silent
	Constant = sources.Constant // the same in every process
	Instance = sources.Instance // the same for every acquisition of one process or host
	Clock    = sources.Clock    // a clock reading: equal for two clients in the same tick
	Unique   = sources.Unique   // fresh per acquisition
)

// A Source is one part a value is built from.
type Source = sources.Source

// A Result is what a value is built from.
type Result = sources.Result

// An OpenParam is a parameter of an exported function of a library
// package that a stored lock value comes from.
type OpenParam = sources.OpenParam

// Stats says how much SSA a Tracer built, for the benchmark and tests.
type Stats = narrowssa.Stats
