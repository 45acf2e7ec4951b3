package acquireloop

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/types/typeutil"
)

// hasOtherExit reports whether the retry loop around acq can end other
// than by acquiring: its condition tests something besides the acquire's
// result (a deadline, a counter, ctx.Err()), or the body leaves the loop
// (return, break, goto, panic, os.Exit) under a condition that does
// (err != nil, attempts > n, a ctx.Done() case). An exit guarded only by
// the result, or by nothing, is the success exit.
func hasOtherExit(info *types.Info, m *lockmodel.Model, loop *ast.ForStmt, acq *lockmodel.Op) bool {
	g := guards{info: info, acq: acq.Expr, result: m.ResultVars(acq), err: m.AnswerErr(acq), success: token.NEQ}
	if loop.Cond != nil && g.mentionsOther(loop.Cond) { // for err != nil tests the result
		return true
	}
	g.success = token.EQL // if err == nil { return } is the success exit
	return g.exitIn(loop.Body, nil, false)
}

// guards judges the conditions an exit sits under.
type guards struct {
	info    *types.Info
	acq     *ast.CallExpr
	result  map[*types.Var]bool
	err     *types.Var  // the error that is the acquire's answer, or nil
	success token.Token // the comparison of err with nil that tests the result
}

// mentionsOther reports whether n reads a variable other than the
// acquire's result, outside the acquire call itself and the comparison
// of the answer's error with nil.
func (g guards) mentionsOther(n ast.Node) bool {
	return analysisutil.Find(n, func(c ast.Node) (bool, bool) {
		if c == g.acq {
			return false, false
		}
		if b, ok := c.(*ast.BinaryExpr); ok && b.Op == g.success && lockmodel.ComparesNil(g.info, b, g.err, g.success) {
			return false, false
		}
		id, ok := c.(*ast.Ident)
		if !ok {
			return false, true
		}
		v, ok := g.info.Uses[id].(*types.Var)
		return ok && !g.result[v], true
	})
}

// exitIn reports whether the statements of n hold an exit from the loop
// under a condition other than the acquire's result. conds are the
// conditions around n inside the loop; nested is true inside an inner
// loop, switch or select, where an unlabelled break does not leave it.
func (g guards) exitIn(n ast.Node, conds []ast.Node, nested bool) bool {
	switch n := n.(type) {
	case nil:
		return false
	case *ast.FuncLit:
		return false
	case *ast.ReturnStmt:
		return g.other(conds)
	case *ast.BranchStmt:
		leaves := n.Tok == token.GOTO || (n.Tok == token.BREAK && (!nested || n.Label != nil))
		return leaves && g.other(conds)
	case *ast.ExprStmt:
		return g.isExitCall(n.X) && g.other(conds)
	case *ast.IfStmt:
		c := append(conds[:len(conds):len(conds)], n.Cond)
		return g.exitIn(n.Body, c, nested) || g.exitIn(n.Else, c, nested)
	case *ast.CaseClause:
		c := conds[:len(conds):len(conds)]
		for _, e := range n.List {
			c = append(c, e)
		}
		return g.stmts(n.Body, c, nested)
	case *ast.CommClause:
		c := conds[:len(conds):len(conds)]
		if n.Comm != nil {
			c = append(c, n.Comm)
		}
		return g.stmts(n.Body, c, nested)
	case *ast.SwitchStmt:
		c := conds[:len(conds):len(conds)]
		if n.Tag != nil {
			c = append(c, n.Tag)
		}
		return g.exitIn(n.Body, c, true)
	case *ast.TypeSwitchStmt:
		return g.exitIn(n.Body, append(conds[:len(conds):len(conds)], n.Assign), true)
	case *ast.SelectStmt:
		return g.exitIn(n.Body, conds, true)
	case *ast.ForStmt:
		return g.exitIn(n.Body, conds, true)
	case *ast.RangeStmt:
		return g.exitIn(n.Body, conds, true)
	case *ast.BlockStmt:
		return g.stmts(n.List, conds, nested)
	case *ast.LabeledStmt:
		return g.exitIn(n.Stmt, conds, nested)
	}
	return false
}

func (g guards) stmts(list []ast.Stmt, conds []ast.Node, nested bool) bool {
	for _, s := range list {
		if g.exitIn(s, conds, nested) {
			return true
		}
	}
	return false
}

// other reports whether one of conds tests something besides the
// acquire's result.
func (g guards) other(conds []ast.Node) bool {
	for _, c := range conds {
		if g.mentionsOther(c) {
			return true
		}
	}
	return false
}

// isExitCall reports whether e is a call that ends the goroutine or the
// process: panic, os.Exit, log.Fatal and the like.
func (g guards) isExitCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fn := typeutil.Callee(g.info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "panic"
	case *types.Func:
		return analysisutil.IsExitFunc(analysisutil.FuncName(fn))
	}
	return false
}
