package lockmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
)

// retriedUntilAcquired reports whether acq is retried by its innermost
// enclosing for statement until it succeeds: the loop's condition, or an
// if in the loop body that returns or breaks, tests the acquire's result.
// A range loop is not a wait (it sets one marker per item), and neither is
// a loop that only continues on the result (skipping items already seen).
func (m *Model) retriedUntilAcquired(acq *Op) bool {
	loop := innermostFor(acq.Stack)
	if loop == nil {
		return false
	}
	result := m.resultVars(acq)
	tests := func(e ast.Expr) bool { return e != nil && mentions(m.pass.TypesInfo, e, acq.Expr, result) }
	if tests(loop.Cond) {
		return true
	}
	return analysisutil.Find(loop.Body, func(n ast.Node) (bool, bool) {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false, false
		case *ast.IfStmt:
			return tests(n.Cond) && exits(n.Body), true
		}
		return false, true
	})
}

// innermostFor returns the for statement (not range) nearest to the call
// at the top of stack in the same function literal, or nil.
func innermostFor(stack []ast.Node) *ast.ForStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ForStmt:
			return n
		case *ast.FuncLit, *ast.RangeStmt:
			return nil
		}
	}
	return nil
}

// resultVars returns the variables the op's result is assigned to (ok in
// ok, err := c.SetNX(...).Result(), reply in reply, err := conn.Do(...)),
// errors excepted.
func (m *Model) resultVars(op *Op) map[*types.Var]bool {
	vars := map[*types.Var]bool{}
	for i := len(op.Stack) - 1; i >= 0; i-- {
		as, ok := op.Stack[i].(*ast.AssignStmt)
		if !ok {
			continue
		}
		for _, lhs := range as.Lhs {
			if v := analysisutil.VarOf(m.pass.TypesInfo, lhs); v != nil && !analysisutil.IsError(v.Type()) {
				vars[v] = true
			}
		}
		break
	}
	return vars
}

// mentions reports whether e contains the call itself or uses one of vars.
func mentions(info *types.Info, e ast.Expr, call *ast.CallExpr, vars map[*types.Var]bool) bool {
	return analysisutil.Find(e, func(n ast.Node) (bool, bool) {
		switch n := n.(type) {
		case *ast.CallExpr:
			return n == call, true
		case *ast.Ident:
			v, _ := info.Uses[n].(*types.Var)
			return v != nil && vars[v], true
		}
		return false, true
	})
}

// exits reports whether a block leaves the loop around it at its own
// level: a return, a break or a goto among its statements (if ok {
// return true }). An exit nested deeper (an error return inside the work
// done for each item) does not make the loop a wait.
func exits(body *ast.BlockStmt) bool {
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			if st.Tok == token.BREAK || st.Tok == token.GOTO {
				return true
			}
		}
	}
	return false
}

// What the lock-key judgement computes to decide that a key is waited
// for, the lifecycle analyzers (acquireresult, acquireloop, renewal) ask
// too: the wait loop of an acquire and its result variables.

// RetryLoop returns the for statement that retries acq until it succeeds
// (the lock evidence "waiting": see retriedUntilAcquired), or nil.
func (m *Model) RetryLoop(acq *Op) *ast.ForStmt {
	if !m.retriedUntilAcquired(acq) {
		return nil
	}
	return innermostFor(acq.Stack)
}

// ResultVars returns the variables op's result is assigned to, errors
// excepted (ok in ok, err := c.SetNX(...).Result()).
func (m *Model) ResultVars(op *Op) map[*types.Var]bool { return m.resultVars(op) }
