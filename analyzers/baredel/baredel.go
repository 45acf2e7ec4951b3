package baredel

import (
	_ "embed"
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports unconditional releases of lock keys. It belongs to the
// default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = New(lockmodel.Analyzer)

// New returns the analyzer for the set whose lockmodel analyzer is model:
// it requires model and shares its flags, so that the set is configured
// by one lockmodel.Settings.
func New(model *analysis.Analyzer) *analysis.Analyzer {
	return lockmodel.NewAnalyzer("baredel", doc, model, run)
}

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	for _, fn := range m.Funcs {
		for _, op := range fn.Ops {
			if acq := bareDelete(m, op); acq != nil {
				checkBareDelete(pass, m, op, acq)
			}
		}
	}
	return nil, nil
}

// bareDelete returns the acquire of the lock that op deletes with no
// owner check, or nil when op is not such a delete.
func bareDelete(m *lockmodel.Model, op *lockmodel.Op) *lockmodel.Op {
	if !deletesKey(op) || !op.Reportable() || m.InWatchTransaction(op) || m.IsOwnerChecked(op) || !m.IsLockKey(op) {
		return nil
	}
	if op.Func.Test {
		// Test cleanup; a SetNX in a test is setup, not an acquisition
		// (setnxexpire treats it so too).
		return nil
	}
	if m.GetCompareBefore(op) != nil {
		return nil // get-del, getdel's
	}
	if m.ReportedInWrapper(op, func(o *lockmodel.Op) bool { return bareDelete(m, o) != nil }) {
		return nil // reported in the wrapper, where the delete is
	}
	acq := m.AcquireFor(op)
	if acq == nil || onAcquireError(m, acq, op) {
		return nil
	}
	return acq
}

// deletesKey reports whether op deletes its key: a delete command, or a
// script that deletes KEYS[1] on some path without comparing the owner
// (and is not itself an acquire script).
func deletesKey(op *lockmodel.Op) bool {
	if op.Kind == redisapi.Delete {
		return true
	}
	if op.Kind != redisapi.Script || op.Lua == nil || lockmodel.IsAcquire(op) {
		return false
	}
	guarded, ok := op.Lua.DeletesKey(1)
	return ok && !guarded
}

// onAcquireError reports whether op runs only when the acquire in the same
// function returned an error: it is inside the body of an if whose
// condition uses the acquire's error variable. Cleaning up after a failed
// (possibly half-applied) acquire is not a release of someone's lock.
func onAcquireError(m *lockmodel.Model, acq, op *lockmodel.Op) bool {
	if acq.Func != op.Func || !lockmodel.Before(acq, op) {
		return false
	}
	errVar := acquireErr(m, acq)
	if errVar == nil {
		return false
	}
	for i, n := range op.Stack {
		ifs, ok := n.(*ast.IfStmt)
		if ok && i+1 < len(op.Stack) && op.Stack[i+1] == ifs.Body && uses(m, ifs.Cond, errVar) {
			return true
		}
	}
	return false
}

// acquireErr returns the error variable the acquire's result is assigned
// to (ok, err := c.SetNX(...).Result(); err := c.SetArgs(...).Err()).
func acquireErr(m *lockmodel.Model, acq *lockmodel.Op) *types.Var {
	for i := len(acq.Stack) - 1; i >= 0; i-- {
		as, ok := acq.Stack[i].(*ast.AssignStmt)
		if !ok {
			continue
		}
		last, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
		if !ok {
			return nil
		}
		obj := m.Pass.TypesInfo.ObjectOf(last)
		v, ok := obj.(*types.Var)
		if !ok || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
			return nil
		}
		return v
	}
	return nil
}

func uses(m *lockmodel.Model, e ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && m.Pass.TypesInfo.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

func checkBareDelete(pass *analysis.Pass, m *lockmodel.Model, op, acq *lockmodel.Op) {
	what := " releases lock key "
	how := " without checking the owner token"
	if op.Kind == redisapi.Script {
		what, how = " deletes lock key ", " in a script that does not compare the owner token"
	}
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: "bare-del",
		Message: m.CallText(op) + what + m.KeyText(op) + " (acquired by " + m.CallText(acq) + " at " + m.Where(acq.Pos()) + ")" + how +
			": if the lock expired and another client acquired it, this deletes their lock; release with a compare-and-delete such as safelock.Release",
		Related: []analysis.RelatedInformation{{Pos: acq.Pos(), End: acq.Expr.End(), Message: "lock acquired here"}},
	}
	if op.Kind == redisapi.Delete && op.Command != "GETDEL" {
		if fix, ok := m.OwnerFix(lockmodel.OwnerFixSpec{Op: op, Token: acq.Value, TokenIn: acq.Func}); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(d.Related, m.CallerRelated(op)...)
	m.Report(pass, d)
}
