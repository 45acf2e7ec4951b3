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
