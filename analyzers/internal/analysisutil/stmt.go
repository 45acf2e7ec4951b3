package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// NextStmt returns the statement after s in block, or nil when s is the
// last or not in block.
func NextStmt(block *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	if k := slices.Index(block.List, s); k >= 0 && k+1 < len(block.List) {
		return block.List[k+1]
	}
	return nil
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
