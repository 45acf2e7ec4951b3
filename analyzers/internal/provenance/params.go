package provenance

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A callSite is one call of a function of the package, in syntax and in
// SSA.
type callSite struct {
	expr *ast.CallExpr
	call *ssa.Call
}

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
	i := paramIndex(fn, p)
	sites := w.t.callSites(fn)
	if i < 0 || len(sites) == 0 {
		return unknown()
	}
	var out []Source
	for _, s := range sites {
		caller := s.call.Parent()
		w.enter(caller)
		out = append(out, w.value(s.call.Call.Args[i], s.expr.Args[i].Pos(), depth+1)...)
		w.leave(caller)
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
// nil when some call may not be seen: fn is a method (interfaces may call
// it), generic, exported from a package that is not main (importers call
// it), used as a function value, or called where no SSA was built.
// Tests are left out: they pass fixed values on purpose to play another
// holder, and the package without its tests is judged on its own.
func (t *Tracer) callSites(fn *ssa.Function) []callSite {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || obj.Pkg() != t.pkg {
		return nil
	}
	sig := obj.Signature()
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 || t.index.funcValues[obj] {
		return nil
	}
	if obj.Exported() && t.pkg.Name() != "main" {
		return nil
	}
	var out []callSite
	for _, ce := range t.index.calls[obj] {
		if t.inTestFile(ce) {
			continue
		}
		c := t.callAt[ce.Lparen]
		if c == nil || ce.Ellipsis.IsValid() {
			return nil
		}
		out = append(out, callSite{expr: ce, call: c})
	}
	return out
}

func (t *Tracer) inTestFile(n ast.Node) bool {
	f := t.fset.File(n.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
