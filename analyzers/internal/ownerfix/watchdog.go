package ownerfix

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// watchdogForm rewrites a renewal whose reply a watchdog loop drops
// (for { ...; rdb.PExpire(ctx, key, ttl) }, or its .Result() or .Err()
// as a statement or assigned to _) into a safelock.Refresh that
// ends the watchdog when the lock is no longer ours:
//
//	if err := safelock.Refresh(...); errors.Is(err, safelock.ErrNotOwner) {
//		return
//	}
//
// Any other error is dropped as before, so the loop keeps trying through
// a network failure. Only on go-redis v9 (a script's mismatch is an
// error like any other), in a function with no results whose body ends
// with the loop: returning then skips nothing but the loop's next turns.
func (f fixer) watchdogForm(op *lockmodel.Op, stmt ast.Stmt, call string, form callForm) ([]analysis.TextEdit, bool) {
	if !f.refresh || form != errCallForm || op.Client != rediscall.GoRedisV9 || !f.endsWatchdog(op.Stack) {
		return nil, false
	}
	lib, _, ok := strings.Cut(call, ".")
	indent, indentOK := fixedit.Indent(f.Pass, stmt.Pos())
	if !ok || !indentOK || strings.Contains(call, "\n") {
		return nil, false
	}
	errs, imp := fixedit.AddImport(f.Pass.Fset, op.Func.File, "errors")
	text := "if err := " + call + "; " + errs + ".Is(err, " + lib + ".ErrNotOwner) {\n" +
		indent + "\treturn\n" + indent + "}"
	return append([]analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(text)}}, imp...), true
}

// endsWatchdog reports whether the innermost function on stack has no
// results and ends with a loop (for or range) that holds the statement
// at the stack's top, with no function literal in between.
func (f fixer) endsWatchdog(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		var sig *types.Signature
		var body *ast.BlockStmt
		switch fn := stack[i].(type) {
		case *ast.FuncLit:
			sig, _ = f.Pass.TypesInfo.TypeOf(fn).(*types.Signature)
			body = fn.Body
		case *ast.FuncDecl:
			if obj, ok := f.Pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
				sig = obj.Signature()
			}
			body = fn.Body
		default:
			continue
		}
		if sig == nil || sig.Results().Len() != 0 || body == nil || len(body.List) == 0 || i+2 >= len(stack) {
			return false
		}
		last := body.List[len(body.List)-1]
		switch last.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return stack[i+1] == body && stack[i+2] == last
		}
		return false
	}
	return false
}

// droppedWhole returns the statement parent when it drops everything the
// call e returns: e as a statement, or assigned to blanks only (_ =
// rdb.PExpire(...).Err()).
func droppedWhole(parent ast.Node, e ast.Expr) (ast.Stmt, bool) {
	switch p := parent.(type) {
	case *ast.ExprStmt:
		return p, p.X == e
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || p.Rhs[0] != e {
			return nil, false
		}
		for _, l := range p.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				return nil, false
			}
		}
		return p, true
	}
	return nil, false
}
