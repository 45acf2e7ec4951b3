package lockmodel

import "go/ast"

// Before reports whether b can run after a in the same function: b comes
// later in the source and the two are not in mutually exclusive branches
// (the then and else of one if, two cases of one switch or select).
// Source order stands for control flow because lock code runs top to
// bottom; loops that would run b before a on a later iteration are not
// considered, which can only hide a finding, never invent one.
func Before(a, b *Op) bool {
	if a.Func != b.Func || a.Pos() >= b.Pos() {
		return false
	}
	return !exclusive(a.Stack, b.Stack)
}

func exclusive(x, y []ast.Node) bool {
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	if i == 0 || i >= len(x) || i >= len(y) {
		return false
	}
	switch parent := x[i-1].(type) {
	case *ast.IfStmt:
		return (x[i] == parent.Body && y[i] == parent.Else) || (x[i] == parent.Else && y[i] == parent.Body)
	case *ast.BlockStmt:
		_, cx := x[i].(*ast.CaseClause)
		_, cy := y[i].(*ast.CaseClause)
		_, sx := x[i].(*ast.CommClause)
		_, sy := y[i].(*ast.CommClause)
		return (cx && cy) || (sx && sy)
	}
	return false
}
