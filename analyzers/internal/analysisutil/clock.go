package analysisutil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// ClockChan reports whether e is a channel the time package sends on
// when a time comes, and never closes: time.Tick(d), time.After(d), or
// the C of a *time.Ticker or *time.Timer. A loop that receives from one
// runs on the clock.
func ClockChan(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		return ok && fn.Pkg() != nil && fn.Pkg().Path() == "time" && (fn.Name() == "Tick" || fn.Name() == "After")
	case *ast.SelectorExpr:
		return e.Sel.Name == "C" && isTimeType(info.TypeOf(e.X))
	}
	return false
}

func isTimeType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time"
}
