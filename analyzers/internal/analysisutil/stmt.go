package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// NextStmt returns the statement after s in the statement list of
// parent (a block, or a case of a switch or select), or nil when s is the
// last or not in that list.
func NextStmt(parent ast.Node, s ast.Stmt) ast.Stmt {
	list, _ := StmtList(parent)
	if k := slices.Index(list, s); k >= 0 && k+1 < len(list) {
		return list[k+1]
	}
	return nil
}

// StmtList returns the statements of parent when it holds a list of them:
// a block, or a case of a switch or select.
func StmtList(parent ast.Node) ([]ast.Stmt, bool) {
	switch p := parent.(type) {
	case *ast.BlockStmt:
		return p.List, true
	case *ast.CaseClause:
		return p.Body, true
	case *ast.CommClause:
		return p.Body, true
	}
	return nil, false
}

// IsNonNilTest reports whether cond is v != nil (or nil != v): the test
// of an error variable before its handling.
func IsNonNilTest(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if info.Types[x].IsNil() {
		x, y = y, x
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && info.Uses[id] == v && info.Types[y].IsNil()
}
