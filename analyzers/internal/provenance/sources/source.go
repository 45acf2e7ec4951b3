package sources

import (
	"go/token"
	"go/types"
	"sort"
)

// Kind classifies one source of a value.
type Kind int

const (
	Unknown  Kind = iota // cannot be determined: callers stay silent
	Constant             // the same in every process: "1", true, a named const
	Instance             // the same for every acquisition of one process or host
	Clock                // a clock reading: equal for two clients in the same tick
	Unique               // fresh per acquisition: crypto/rand, UUID, math/rand, a counter
)

func (k Kind) String() string {
	switch k {
	case Constant:
		return "constant"
	case Instance:
		return "per-process identity"
	case Clock:
		return "clock reading"
	case Unique:
		return "unique"
	}
	return "unknown"
}

// A Source is one part a value is built from.
type Source struct {
	Kind Kind
	Desc string    // what it is, for messages: `"locked"`, `os.Hostname()`, `package variable instanceID`
	Pos  token.Pos // where it is produced in this package, if known
	// Detail says, for a helper of another package, what the helper's own
	// value comes from: "from os.Hostname() at ident.go:18".
	Detail string
	// Via is, for a part produced inside a helper function of this
	// package, the call of the helper that the traced code makes, and
	// ViaDesc the helper's name: GetProcessID() in the lock's constructor.
	Via     token.Pos
	ViaDesc string
	// Optional is set on an Unknown part that is a variadic parameter
	// used as an optional argument: a caller that passes none gets the
	// value's other parts alone, so those are judged as the value.
	Optional bool
	// Open is set on an Unknown part that is a parameter of an exported
	// constructor (NewLock(pool, key, token) storing token into the lock
	// value field): importers choose it, but each call of it in this
	// package can be judged on its own (provenance.Tracer.OpenCalls).
	Open *OpenParam
}

// A Result is what a value is built from.
type Result struct {
	Parts []Source
}

// NewResult returns the parts in source order. The walk reaches them in an
// order that can depend on map iteration (the stores of a field, the
// calls of a constructor), and messages name the first part of a kind:
// every run, and every driver, must name the same one.
func NewResult(parts []Source) Result {
	sort.SliceStable(parts, func(i, j int) bool {
		a, b := parts[i], parts[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Desc < b.Desc
	})
	return Result{Parts: parts}
}

// Kind returns the kind of the value as a whole: Unique when some part is
// unique (instanceID + epoch + requestID is unique), else Unknown when some
// part is unknown, else the weakest-sounding part's kind in the order
// Clock, Instance, Constant (hostname + time is a clock token: two
// acquisitions in one tick collide).
func (r Result) Kind() Kind {
	if len(r.Parts) == 0 {
		return Unknown
	}
	has := map[Kind]bool{}
	for _, p := range r.Parts {
		if !p.Optional {
			has[p.Kind] = true
		}
	}
	if !has[Clock] && !has[Instance] && !has[Unique] && r.hasOptional() {
		// Constants beside an optional argument are most often its
		// separators (strings.Join(value, "-")), not a default.
		has[Unknown] = true
	}
	for _, k := range []Kind{Unique, Unknown, Clock, Instance, Constant} {
		if has[k] {
			return k
		}
	}
	return Unknown
}

func (r Result) hasOptional() bool {
	for _, p := range r.Parts {
		if p.Optional {
			return true
		}
	}
	return false
}

// Weak reports whether no part of the value is unique and every part is
// known.
func (r Result) Weak() bool {
	switch r.Kind() {
	case Constant, Instance, Clock:
		return true
	}
	return false
}

// Main returns the part that gives the value its kind: the first part of
// that kind.
func (r Result) Main() Source {
	k := r.Kind()
	for _, p := range r.Parts {
		if p.Kind == k {
			return p
		}
	}
	return Source{}
}

// OpenParam returns the one exported constructor parameter that every
// unknown part of r is, and r's other parts; ok is false when some
// unknown part is something else or the value has a unique part.
func (r Result) OpenParam() (open *OpenParam, others []Source, ok bool) {
	for _, p := range r.Parts {
		switch {
		case p.Kind == Unique:
			return nil, nil, false
		case p.Kind != Unknown:
			others = append(others, p)
		case p.Open == nil || (open != nil && *open != *p.Open):
			return nil, nil, false
		default:
			open = p.Open
		}
	}
	return open, others, open != nil
}

// An OpenParam is a parameter of an exported function of a library
// package that a stored lock value comes from.
type OpenParam struct {
	fn    *types.Func
	index int
}

// NewOpenParam returns parameter index of fn.
func NewOpenParam(fn *types.Func, index int) *OpenParam { return &OpenParam{fn: fn, index: index} }

// Func returns the function whose parameter it is.
func (p *OpenParam) Func() *types.Func { return p.fn }

// Index returns the parameter's index among the function's parameters.
func (p *OpenParam) Index() int { return p.index }
