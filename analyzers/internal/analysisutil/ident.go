package analysisutil

import "go/ast"

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
