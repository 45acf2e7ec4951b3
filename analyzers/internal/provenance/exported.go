package provenance

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/provenance/sources"
)

// Returns returns the sources of the first result of fd, one of the
// roots: what a token helper (func InstanceID() string) returns.
func (t *Tracer) Returns(fd *ast.FuncDecl) Result {
	t.build()
	fn := t.funcOf(fd)
	if fn == nil {
		return Result{Parts: unknown()}
	}
	return t.walk(func(w *walker) []Source { return w.returns(fn, 0, fd.Pos(), 0) })
}

// Global returns the sources of a package variable of this package, as
// the value of a load of it would have.
func (t *Tracer) Global(v *types.Var) Result {
	t.build()
	if t.prog == nil {
		return Result{Parts: unknown()}
	}
	g := t.prog.SSA().Var(v.Name())
	if g == nil {
		return Result{Parts: unknown()}
	}
	return t.walk(func(w *walker) []Source { return w.global(g, v.Pos(), 0) })
}

// IsSourceFunc reports whether fn is in the source tables: a function
// whose result, or the buffer it fills (runtime.Stack), has a known kind.
// A function's name alone never makes it a source: a helper named
// goroutineID is judged by what its body calls.
func IsSourceFunc(fn *types.Func) bool {
	name := analysisutil.FuncName(fn)
	if _, ok := sources.FuncKind(name); ok {
		return true
	}
	_, _, ok := sources.BufferWriter(name)
	return ok
}

// Scalar reports whether values of type t are copied on use and can be a
// lock token: strings, integers, booleans.
func Scalar(t types.Type) bool { return scalar(t) }
