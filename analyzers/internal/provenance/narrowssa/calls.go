package narrowssa

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A CallSite is one call of a function of the package, in syntax and in
// SSA.
type CallSite struct {
	Expr *ast.CallExpr
	Call *ssa.Call
}

// CallSites returns every call of obj in the package outside its tests,
// or nil when some call may not be seen: obj is of another package, a
// method (interfaces may call it), generic, used as a function value, or
// called where no SSA was built. Tests are left out: they pass fixed
// values on purpose to play another holder, and the package without its
// tests is judged on its own.
func (p *Package) CallSites(obj *types.Func) []CallSite {
	if obj.Pkg() != p.pkg {
		return nil
	}
	sig := obj.Signature()
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 || p.index.funcValues[obj] {
		return nil
	}
	return p.seenCalls(obj)
}

// seenCalls returns the calls of obj outside tests, or nil when one of
// them was not built.
func (p *Package) seenCalls(obj *types.Func) []CallSite {
	var out []CallSite
	for _, ce := range p.index.calls[obj] {
		if p.inTestFile(ce) {
			continue
		}
		c := p.callAt[ce.Lparen]
		if c == nil || ce.Ellipsis.IsValid() {
			return nil
		}
		out = append(out, CallSite{Expr: ce, Call: c})
	}
	return out
}

func (p *Package) inTestFile(n ast.Node) bool {
	f := p.fset.File(n.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
