package lockmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
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
	info := m.pass.TypesInfo
	result, errVar := m.resultVars(acq), m.answerErr(acq)
	tests := func(e ast.Expr, success token.Token) bool {
		return e != nil && (mentions(info, e, acq.Expr, result) || ComparesNil(info, e, errVar, success))
	}
	if tests(loop.Cond, token.NEQ) { // for err != nil: retried while it fails
		return true
	}
	return analysisutil.Find(loop.Body, func(n ast.Node) (bool, bool) {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false, false
		case *ast.IfStmt:
			return tests(n.Cond, token.EQL) && exits(n.Body.List, false), true // if err == nil { return }
		case *ast.CaseClause: // switch { case ok: return nil }
			return slices.ContainsFunc(n.List, func(e ast.Expr) bool { return tests(e, token.EQL) }) && exits(n.Body, true), true
		}
		return false, true
	})
}

// answerErr returns the variable that holds the error of an acquire
// whose "not acquired" answer is that error (rueidis's SET NX, go-redis's
// SetArgs NX: err == nil means acquired), or nil. Through a wrapper, the
// variable its summary's answer result is assigned to, when that result
// is such an error (func TryLock(...) error { return c.Do(...).Error() }).
func (m *Model) answerErr(op *Op) *types.Var {
	at := -1 // the last of the assignment
	switch {
	case op.Via != nil:
		if op.Kind != rediscall.Acquire || op.Via.AnswerTo < 0 || op.Via.Answer != rediscall.ErrorAnswer {
			return nil
		}
		at = op.Via.AnswerTo
	case rediscall.NotAcquired(op.Call) != rediscall.ErrorAnswer:
		return nil
	}
	if u := op.Reply; u.Held != nil && u.Consumer == replyuse.Assigned {
		return m.errorAt(u.Lhs, at) // r := c.Do(...); err := r.Error()
	}
	for i := len(op.Stack) - 1; i >= 0; i-- {
		if as, ok := op.Stack[i].(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			return m.errorAt(as.Lhs, at)
		}
	}
	return nil
}

// errorAt returns the error variable assigned at position at of lhs (the
// last when at < 0), or nil.
func (m *Model) errorAt(lhs []ast.Expr, at int) *types.Var {
	if len(lhs) == 0 {
		return nil
	}
	e := lhs[len(lhs)-1]
	if at >= 0 && at < len(lhs) {
		e = lhs[at]
	}
	if v := analysisutil.VarOf(m.pass.TypesInfo, e); v != nil && analysisutil.IsError(v.Type()) {
		return v
	}
	return nil
}

// ComparesNil reports whether e, or one of the operands of its &&, is v
// compared with nil by op (err == nil, err != nil). v may be nil.
func ComparesNil(info *types.Info, e ast.Expr, v *types.Var, op token.Token) bool {
	if v == nil {
		return false
	}
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LAND {
		return ComparesNil(info, b.X, v, op) || ComparesNil(info, b.Y, v, op)
	}
	isV := func(x ast.Expr) bool { id, ok := ast.Unparen(x).(*ast.Ident); return ok && info.Uses[id] == v }
	isNil := func(x ast.Expr) bool { return info.Types[x].IsNil() }
	return b.Op == op && (isV(b.X) && isNil(b.Y) || isV(b.Y) && isNil(b.X))
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
	if u := op.Reply; u.Held != nil { // cmd := c.SetNX(...); ok := cmd.Val(), or if cmd.Val() {...}
		if v := analysisutil.VarOf(m.pass.TypesInfo, u.Held); v != nil {
			vars[v] = true
		}
		if u.Consumer == replyuse.Assigned {
			m.addResults(vars, u.Lhs)
		}
		return vars
	}
	for i := len(op.Stack) - 1; i >= 0; i-- {
		as, ok := op.Stack[i].(*ast.AssignStmt)
		if !ok {
			continue
		}
		m.addResults(vars, as.Lhs)
		break
	}
	return vars
}

// addResults adds to vars the variables of lhs that are not errors.
func (m *Model) addResults(vars map[*types.Var]bool, lhs []ast.Expr) {
	for _, e := range lhs {
		if v := analysisutil.VarOf(m.pass.TypesInfo, e); v != nil && !analysisutil.IsError(v.Type()) {
			vars[v] = true
		}
	}
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

// exits reports whether statements leave the loop around them at their
// own level: a return, a break or a goto among them (if ok { return true
// }); in a switch case, a break leaves only the switch. An exit nested
// deeper (an error return inside the work done for each item) does not
// make the loop a wait.
func exits(list []ast.Stmt, inSwitch bool) bool {
	for _, st := range list {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			if st.Tok == token.GOTO || st.Tok == token.BREAK && (!inSwitch || st.Label != nil) {
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

// AnswerErr returns the variable holding the error of an acquire whose
// error is its "not acquired" answer (err == nil means acquired: rueidis's
// SET NX, go-redis's SetArgs NX), or nil.
func (m *Model) AnswerErr(op *Op) *types.Var { return m.answerErr(op) }
