package renewal

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// findWatchdogs returns the go statements of the package whose goroutine
// renews a lock key in a loop.
func findWatchdogs(pass *analysis.Pass, m *lockmodel.Model) []*watchdog {
	var out []*watchdog
	for _, fn := range m.Funcs {
		if fn.Test {
			continue
		}
		ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				if w := watchdogOf(pass, m, fn, g); w != nil {
					out = append(out, w)
				}
			}
			return true
		})
	}
	return out
}

// watchdogOf returns the watchdog g starts, or nil: the goroutine is a
// function literal or a function of this package, and one of its
// renewals of a lock key sits in a loop (in the goroutine or, through
// same-package wrappers, in the functions it calls).
func watchdogOf(pass *analysis.Pass, m *lockmodel.Model, fn *lockmodel.Func, g *ast.GoStmt) *watchdog {
	w := &watchdog{goStmt: g, fn: fn, keys: map[string]bool{}}
	lockish := false
	for _, op := range fn.Ops {
		if op.Expr == g.Call && op.RenewsKey() && synchronous(m, op) {
			w.keys[op.Key.ID] = true // go renew(ctx, key): the key in fn's terms
			lockish = lockish || onLock(m, op)
		}
	}
	body, ops := goroutineBody(pass, m, fn, g)
	w.flags = boolFields(pass.TypesInfo, body)
	w.runs = goroutineFuncs(pass, m, g.Call)
	for _, op := range ops {
		w.inspect(pass.TypesInfo, m, op, body, lockish, 0)
	}
	if w.renew == nil {
		return nil
	}
	return w
}

// boolFields returns the bool fields read in body: a watchdog that checks
// l.held or l.closed stops when they are set.
func boolFields(info *types.Info, body *ast.BlockStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	if body == nil {
		return out
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
				if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// goroutineBody returns the body the goroutine of g runs and the ops in it.
func goroutineBody(pass *analysis.Pass, m *lockmodel.Model, fn *lockmodel.Func, g *ast.GoStmt) (*ast.BlockStmt, []*lockmodel.Op) {
	if lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit); ok {
		var ops []*lockmodel.Op
		for _, op := range fn.Ops {
			if slices.Contains(op.Stack, ast.Node(lit)) {
				ops = append(ops, op)
			}
		}
		return lit.Body, ops
	}
	callee, ok := typeutil.Callee(pass.TypesInfo, g.Call).(*types.Func)
	if !ok || callee.Pkg() != pass.Pkg {
		return nil, nil
	}
	f := m.FuncOf(callee.Origin())
	if f == nil {
		return nil, nil
	}
	return f.Decl.Body, f.Ops
}

// maxRuns bounds the functions goroutineFuncs collects.
const maxRuns = 256

// goroutineFuncs returns the functions of this package that the goroutine
// started with call runs itself: the function it starts, the ones its
// body calls, and the ones they call, each once, outside further go
// statements. A release in one of them runs after the goroutine's
// renewals, never during one.
func goroutineFuncs(pass *analysis.Pass, m *lockmodel.Model, call *ast.CallExpr) map[*lockmodel.Func]bool {
	runs := map[*lockmodel.Func]bool{}
	queue := []ast.Node{call}
	for len(queue) > 0 && len(runs) < maxRuns {
		b := queue[0]
		queue = queue[1:]
		ast.Inspect(b, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				return false
			case *ast.CallExpr:
				callee, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
				if !ok || callee.Pkg() != pass.Pkg {
					return true
				}
				if f := m.FuncOf(callee.Origin()); f != nil && !runs[f] {
					runs[f] = true
					queue = append(queue, f.Decl.Body)
				}
			}
			return true
		})
	}
	return runs
}

// inspect records op when it is a renewal of a lock key in a loop of
// body; a renewal through a same-package wrapper with no loop around it
// is followed into the wrapper, whose own loop counts (keepAlive(ctx)
// called from the goroutine).
func (w *watchdog) inspect(info *types.Info, m *lockmodel.Model, op *lockmodel.Op, body *ast.BlockStmt, lockish bool, depth int) {
	if !op.RenewsKey() || !synchronous(m, op) {
		return
	}
	loop := innermostLoop(op.Stack, body)
	if loop == nil {
		if o := m.Origin(op); o != nil && depth < 3 {
			w.inspect(info, m, o, o.Func.Decl.Body, lockish || onLock(m, op), depth+1)
		}
		return
	}
	if !lockish && !onLock(m, op) {
		return
	}
	if w.renew == nil {
		w.renew = op
	}
	w.keys[op.Key.ID] = true
	if w.leak == nil && !canStop(info, loop) {
		w.leak, w.loop = op, loop
	}
}

// innermostLoop returns the for or range statement nearest to the op at
// the top of stack, below body and outside any function literal nested
// in body, or nil.
func innermostLoop(stack []ast.Node, body *ast.BlockStmt) ast.Node {
	for i := len(stack) - 1; i >= 0 && stack[i] != body; i-- {
		switch n := stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return n
		case *ast.FuncLit:
			return nil
		}
	}
	return nil
}

// canStop reports whether a renewal loop can end: a for with a condition
// (a flag, a context check), a range over something finite or over a
// channel that can be closed (not a ticker's, which never is), or an
// exit in the body (return, break, goto, panic, os.Exit, runtime.Goexit)
// on a done channel, a context, a flag or a failed renewal.
func canStop(info *types.Info, loop ast.Node) bool {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Cond != nil || exits(info, l.Body)
	case *ast.RangeStmt:
		if _, ok := info.TypeOf(l.X).Underlying().(*types.Chan); ok && analysisutil.ClockChan(info, l.X) {
			return exits(info, l.Body)
		}
		return true
	}
	return true
}

// exits reports whether body leaves the loop around it somewhere: a
// return, goto, panic or exit call, or a break that is labelled or not
// inside an inner loop, switch or select.
func exits(info *types.Info, body ast.Node) bool {
	return exitsIn(info, body, false)
}

// exitsIn is exits for n, inside an inner loop, switch or select when
// nested (where an unlabelled break leaves only that statement).
func exitsIn(info *types.Info, n ast.Node, nested bool) bool {
	return analysisutil.Find(n, func(c ast.Node) (bool, bool) {
		switch c := c.(type) {
		case *ast.FuncLit:
			return false, false
		case *ast.ReturnStmt:
			return true, true
		case *ast.BranchStmt:
			return c.Tok == token.GOTO || (c.Tok == token.BREAK && (!nested || c.Label != nil)), true
		case *ast.CallExpr:
			return isExitCall(info, c), true
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if c != n {
				return exitsIn(info, c, true), false
			}
		}
		return false, true
	})
}

func isExitCall(info *types.Info, call *ast.CallExpr) bool {
	switch fn := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "panic"
	case *types.Func:
		return fn.Pkg() != nil && analysisutil.IsExitFunc(fn.Pkg().Path()+"."+fn.Name())
	}
	return false
}
