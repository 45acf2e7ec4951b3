package provenance

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/provenance/narrowssa"
	"github.com/leasevet/leasevet/analyzers/internal/provenance/sources"
	"golang.org/x/tools/go/ssa"
)

// enter lets the trace follow fn's parameters to fn's call sites while
// it traces a value fn stores into a field; leave undoes it. Only a
// stored value's parameters are followed: a parameter met on the way
// into a called helper (func wrap(s string) string) stands for that one
// call's argument, not for every call of the helper.
func (w *walker) enter(fn *ssa.Function) {
	if w.open == nil {
		w.open = map[*ssa.Function]int{}
	}
	w.open[fn]++
}

func (w *walker) leave(fn *ssa.Function) { w.open[fn]-- }

// param returns the sources of a parameter of a function whose stored
// value is being traced (newLock(rdb, key, value) storing value into
// l.value): the union of the arguments of its calls in the package. A
// call passing a UUID makes the union unique, so the field is judged weak
// only when every construction is. Unknown unless every call is seen.
func (w *walker) param(p *ssa.Parameter, depth int) []Source {
	fn := p.Parent()
	if w.open[fn] == 0 {
		return unknown() // parameters, free variables, map lookups, interface calls...
	}
	if n := len(fn.Params); fn.Signature.Variadic() && n > 0 && fn.Params[n-1] == p {
		// func (m *Manager) Locker(name string, value ...string): the
		// value is the caller's when given, the function's own default
		// when not. The default is judged on its own (see Optional).
		return []Source{{Kind: Unknown, Desc: "the optional " + p.Name() + " argument", Pos: p.Pos(), Optional: true}}
	}
	i := paramIndex(fn, p)
	sites, obj, exported := w.t.callSites(fn)
	if i < 0 || sites == nil {
		return unknown()
	}
	if exported {
		return []Source{{Kind: Unknown, Desc: "parameter " + p.Name(), Pos: p.Pos(), Open: sources.NewOpenParam(obj, i)}}
	}
	var out []Source
	for _, s := range sites {
		out = append(out, w.arg(s, i, depth)...)
	}
	return out
}

// arg returns the sources of argument i of a call site, whose caller's
// parameters may be followed in turn.
func (w *walker) arg(s narrowssa.CallSite, i, depth int) []Source {
	caller := s.Call.Parent()
	w.enter(caller)
	defer w.leave(caller)
	return w.value(s.Call.Call.Args[i], s.Expr.Args[i].Pos(), depth+1)
}

// A CallArg is the argument one call of the package passes for an open
// parameter, and where it comes from.
type CallArg struct {
	Expr   ast.Expr
	Result Result
}

// OpenCalls traces the argument every call in this package (outside its
// tests) passes for p: what the lock value is when the lock is built
// there.
func (t *Tracer) OpenCalls(p *OpenParam) (out []CallArg) {
	defer func() {
		if r := recover(); r != nil {
			out = nil
		}
	}()
	for _, s := range t.prog.CallSites(p.Func()) {
		w := &walker{t: t, visiting: map[ssa.Value]bool{}}
		out = append(out, CallArg{Expr: s.Expr.Args[p.Index()], Result: sources.NewResult(w.arg(s, p.Index(), 0))})
	}
	return out
}

// paramIndex returns p's index among fn's parameters, or -1 for the
// variadic one (its argument is a slice built at the call).
func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			if fn.Signature.Variadic() && i == len(fn.Params)-1 {
				return -1
			}
			return i
		}
	}
	return -1
}

// callSites returns every call of fn in the package outside its tests, or
// nil when some call may not be seen (narrowssa's CallSites; fn is a
// closure), with fn's object. exported says that importers call fn too
// (it is exported from a package that is not main), so the calls here
// are not all of them.
func (t *Tracer) callSites(fn *ssa.Function) (sites []narrowssa.CallSite, obj *types.Func, exported bool) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil {
		return nil, nil, false
	}
	return t.prog.CallSites(obj), obj, obj.Exported() && t.pkg.Name() != "main"
}
