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

// IsSourceFunc reports whether fn is in the source tables (or is a
// goroutine id helper): a function whose result has a known kind.
func IsSourceFunc(fn *types.Func) bool {
	if _, ok := lookup(sourceFuncs, funcName(fn)); ok {
		return true
	}
	return goroutineIDName().MatchString(fn.Name())
}

// Scalar reports whether values of type t are copied on use and can be a
// lock token: strings, integers, booleans.
func Scalar(t types.Type) bool { return scalar(t) }
