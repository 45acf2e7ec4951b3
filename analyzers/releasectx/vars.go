package releasectx

import (
	"go/ast"
	"go/token"
	"go/types"
)

// untrackedVars returns the variables of body whose value the dataflow
// cannot follow: their address is taken (&ctx, &h.ctx), or a function
// literal that does not declare them assigns them (the write happens
// whenever the literal runs).
func untrackedVars(info *types.Info, body *ast.BlockStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if v := rootVar(info, u.X); v != nil {
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

// rootVar returns the variable at the root of a selector or index chain
// (h in h.ctx, s in s[i].ctx), or nil.
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				v, _ = info.Defs[x].(*types.Var)
			}
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
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
