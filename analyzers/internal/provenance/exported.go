package provenance

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Returns returns the sources of the first result of fd, one of the
// roots: what a token helper (func InstanceID() string) returns.
func (t *Tracer) Returns(fd *ast.FuncDecl) (res Result) {
	t.build()
	fn := t.funcs[fd]
	if fn == nil {
		return Result{Parts: unknown()}
	}
	defer func() {
		if r := recover(); r != nil {
			res = Result{Parts: unknown()}
		}
	}()
	w := &walker{t: t, visiting: map[ssa.Value]bool{}}
	return Result{Parts: w.returns(fn, 0, fd.Pos(), 0)}
}

// Global returns the sources of a package variable of this package, as
// the value of a load of it would have.
func (t *Tracer) Global(v *types.Var) (res Result) {
	t.build()
	if t.ssaPkg == nil {
		return Result{Parts: unknown()}
	}
	g := t.ssaPkg.Var(v.Name())
	if g == nil {
		return Result{Parts: unknown()}
	}
	defer func() {
		if r := recover(); r != nil {
			res = Result{Parts: unknown()}
		}
	}()
	w := &walker{t: t, visiting: map[ssa.Value]bool{}}
	return Result{Parts: w.global(g, v.Pos(), 0)}
}

// IsSourceFunc reports whether fn is in the source tables: a function
// whose result, or the buffer it fills (runtime.Stack), has a known kind.
// A function's name alone never makes it a source: a helper named
// goroutineID is judged by what its body calls.
func IsSourceFunc(fn *types.Func) bool {
	name := funcName(fn)
	if _, ok := lookup(sourceFuncs, name); ok {
		return true
	}
	_, ok := bufferWriters[name]
	return ok
}

// Scalar reports whether values of type t are copied on use and can be a
// lock token: strings, integers, booleans.
func Scalar(t types.Type) bool { return scalar(t) }
