package releasectx

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
)

// untrackedVars returns the variables of body whose value the dataflow
// cannot follow: their address is taken (&ctx, &h.ctx), or a function
// literal that does not declare them assigns them (the write happens
// whenever the literal runs).
func untrackedVars(info *types.Info, body *ast.BlockStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if v := analysisutil.RootVar(info, u.X); v != nil {
				out[v] = true
			}
		}
		return true
	})
	var lits []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			lits = append(lits, lit)
		}
		return true
	})
	for _, lit := range lits {
		eachAssignment(info, lit.Body, func(_ token.Pos, v *types.Var) {
			if v.Pos() < lit.Pos() || v.Pos() >= lit.End() {
				out[v] = true
			}
		})
	}
	return out
}

// eachAssignment calls visit with the position and the variable of
// every assignment in n to a variable named directly (x = ..., x, y :=
// ..., for x := range ..., var x = ...), inside function literals too,
// declarations excluded.
func eachAssignment(info *types.Info, n ast.Node, visit func(token.Pos, *types.Var)) {
	ident := func(e ast.Expr) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return
		}
		if v, ok := info.Uses[id].(*types.Var); ok {
			visit(id.Pos(), v)
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				ident(l)
			}
		case *ast.RangeStmt:
			ident(n.Key)
			ident(n.Value)
		case *ast.IncDecStmt:
			ident(n.X)
		}
		return true
	})
}
