package releaseresult

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/types/typeutil"
)

// An explicit `_ =` is a visible decision, except for a renewal in a
// renewal loop: there the answer is the loop's only sign that the lock
// was lost, and throwing it away keeps the loop renewing, and the work
// running, beside the new holder.

// renewalLoop returns the loop around the call at the top of stack that
// runs on the clock, in the same function literal: a for or range
// statement that ranges over a clock channel (time.Tick, a Ticker's C)
// or whose body receives from one or calls time.Sleep; nil when there is
// none. A loop over work items, or a few retries, is not one.
func renewalLoop(info *types.Info, stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			return nil
		case *ast.ForStmt:
			if onClock(info, n.Body) {
				return n
			}
		case *ast.RangeStmt:
			if analysisutil.ClockChan(info, n.X) || onClock(info, n.Body) {
				return n
			}
		}
	}
	return nil
}

// onClock reports whether body waits on the clock: a receive from a
// clock channel, or time.Sleep, outside function literals.
func onClock(info *types.Info, body *ast.BlockStmt) bool {
	return analysisutil.Find(body, func(n ast.Node) (bool, bool) {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false, false
		case *ast.UnaryExpr:
			return n.Op == token.ARROW && analysisutil.ClockChan(info, n.X), true
		case *ast.CallExpr:
			fn, ok := typeutil.Callee(info, n).(*types.Func)
			return ok && analysisutil.FuncName(fn) == "time.Sleep", true
		}
		return false, true
	})
}

// loopMessage is the message of a renewal whose answer is discarded
// with _ in the renewal loop at where.
func loopMessage(op *lockmodel.Op, ans answer, where string) string {
	how := " has its answer discarded inside a renewal loop (the loop at " + where + "): "
	cost := " so the loop goes on renewing, and the work goes on, as if it still held the lock"
	if sign, note, remedy, ok := scriptAnswer(ans); ok {
		return op.Method + " runs an owner-checked renewal script on lock key " + op.Key.Text + " but" + how + sign +
			" (the lock expired and another client may hold it)," + note + cost + "; " + remedy + " and stop the loop"
	}
	if ans == okResult {
		return op.Library + " " + op.Method + how + "(false, nil) means the lock was no longer held by this mutex (it expired and another client may hold it)," +
			cost + "; check ok and stop the loop when it is false"
	}
	return op.Library + " " + op.Method + how + "its error is how the renewal reports that the lock was no longer ours" +
		" (it expired and another client may hold it)," + cost + "; check the error and stop the loop"
}
