package releasectx

import (
	_ "embed"
	"go/ast"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of releasectx's diagnostics.
var Categories = []string{"release-done-ctx"}

// Analyzer reports releases and renewals sent with a context that is
// already done. It belongs to the default analyzer set, whose model is
// lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("releasectx", doc, Categories, run)

// run walks the functions that send an owner-checked release or renewal
// with a context, and reports each one sent where the context is done.
// Tests release what they obtained a line earlier: not judged.
func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	sends := map[*ast.CallExpr]*lockmodel.Op{}
	funcs := map[*lockmodel.Func]bool{}
	for _, op := range m.Ops {
		if sentWithContext(op) && !op.Func.Test {
			sends[op.Expr] = op
			funcs[op.Func] = true
		}
	}
	for _, fn := range m.Funcs {
		if !funcs[fn] || !mayShowDone(fn.Decl.Body) {
			continue
		}
		newWalker(pass.TypesInfo, pass.Pkg, fn.Decl.Body, func(call *ast.CallExpr, at point) {
			if op := sends[call]; op != nil {
				if ev, ok := at.done(op.Ctx); ok {
					report(pass, m, op, ev, at.how)
				}
			}
		}).run()
	}
	return nil, nil
}

// sentWithContext reports whether op is an owner-checked release or
// renewal that its client fails, unsent, when its context is done. A
// bare DEL or EXPIRE is bare-del's or bare-renew's, whose fixes give
// safelock (whose Release detaches); a command queued in a pipeline is
// sent with Exec's context.
func sentWithContext(op *lockmodel.Op) bool {
	return (op.Role == rediscall.RoleRelease || op.Role == rediscall.RoleRenew) && op.OwnerChecked &&
		!op.Queued && op.Ctx != nil && op.FailsOnDoneCtx != ""
}

// mayShowDone reports whether body names something that can show a
// context done (Done, Err, Cause, AfterFunc), so that functions without
// one get no control-flow graph.
func mayShowDone(body *ast.BlockStmt) bool {
	return analysisutil.Find(body, func(n ast.Node) (bool, bool) {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			switch sel.Sel.Name {
			case "Done", "Err", "Cause", "AfterFunc":
				return true, false
			}
		}
		return false, true
	})
}

func report(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, ev evidence, how sendTime) {
	ctx, ok := fixedit.Text(pass, op.Ctx)
	if !ok {
		return
	}
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: "release-done-ctx",
		Message:  message(m, op, ctx, ev, how),
		Related:  []analysis.RelatedInformation{{Pos: ev.pos, Message: doneSubject(ctx, ev) + " is done here"}},
	}
	if op.Role == rediscall.RoleRelease && how == now {
		if fix, ok := detachFix(pass, op.Func.File, op.Expr, op.Ctx); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	m.Report(pass, d)
}
