package analysisutil

import (
	"go/ast"
	"go/types"
)

// NameOf returns the identifier that names what e denotes: x for x, and
// Sel for pkg.Sel or v.Sel; nil for any other expression.
func NameOf(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// IsBlank reports whether e is the blank identifier: an assignment to it
// drops the value, which several analyzers judge.
func IsBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// VarOf returns the variable the identifier e defines or uses, or nil
// (for _, or an expression that is not an identifier): the left side of
// an assignment, whether it declares the variable or not.
func VarOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	if v, ok := info.Defs[id].(*types.Var); ok {
		return v
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

// IsError reports whether t is the predeclared error type: the second
// result of a client call, the type of the variables the analyzers follow
// to see an answer checked.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// RootVar returns the variable at the root of a selector, index or star
// chain (l in l.opts.wait, s in s[i].ctx, p in *p), or nil.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return VarOf(info, e)
		}
	}
}
