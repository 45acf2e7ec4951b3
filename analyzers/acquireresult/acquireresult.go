package acquireresult

import (
	_ "embed"
	"go/ast"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of acquireresult's diagnostics.
var Categories = []string{"unchecked-acquire"}

// Analyzer reports lock acquisitions whose "not acquired" answer is never
// read. It belongs to the default analyzer set, whose model is
// lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("acquireresult", doc, Categories, run)

// run reports every acquire whose "not acquired" answer is lost. A SetNX
// in a test is setup: no other client competes.
func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	for _, op := range m.Ops {
		if op.Func.Test {
			continue
		}
		if why := uncheckedAcquire(pass, m, op); why != "" {
			report(pass, m, op, why)
		}
	}
	return nil, nil
}

// uncheckedAcquire returns why the "not acquired" answer of op is never
// read, or "" when op is not an acquire of a lock key or its answer is
// read (or handed to the caller, who is then judged).
func uncheckedAcquire(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) string {
	why := droppedHere(pass, m, op)
	if why != "" && m.ReportedInWrapper(op, func(o *lockmodel.Op) bool { return droppedHere(pass, m, o) != "" }) {
		return "" // reported in the wrapper, where the acquire is
	}
	return why
}

// droppedHere returns why op's function loses the "not acquired" answer
// of op, or "".
func droppedHere(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) string {
	ans, lost := answerOf(op), lostInWrapper(m, op)
	// A wrapper's summary may be settled in its own package, but an
	// answer handed back to the caller was judged nowhere: so Reportable
	// is not asked here.
	if (ans == rediscall.NoAnswer && lost == "") || op.Queued || pipelined(pass.TypesInfo, m, op) {
		return ""
	}
	if op.Kind == rediscall.Acquire && !m.IsLockKey(op) {
		return "" // a dedup or idempotency marker: ignoring its answer is a choice
	}
	if lost != "" {
		return lost
	}
	if op.Via != nil && op.Via.Records && op.Reply.Consumer == replyuse.Dropped && lastStatement(op.Stack) {
		return "" // TryClaim(id) keeps its own answer, and the caller does nothing under it
	}
	u := usageOf(pass.TypesInfo, op.Reply, answerIndex(op), ans)
	return judge(pass.TypesInfo, op, ans, u)
}

// lostInWrapper returns why the answer of an acquire a wrapper of another
// package sends is lost inside the wrapper (it drops the reply, or reads
// only an error that a held lock leaves nil), when the wrapper's package
// could not judge the key (a parameter it only passes on): the call,
// which names the lock key, is where the bug is. "" otherwise.
func lostInWrapper(m *lockmodel.Model, op *lockmodel.Op) string {
	if op.Via == nil || op.Kind != rediscall.Acquire || op.Via.AnswerTo >= 0 || op.Via.Settled || !m.IsRoot(op) {
		return ""
	}
	switch {
	case op.Via.Kept == lockmodel.KeptNothing:
		return "its result is discarded"
	case op.Via.Kept == lockmodel.KeptError && op.Via.Answer == rediscall.ValueAnswer:
		return "only the error is read, and it is nil when another client holds the lock"
	}
	return ""
}

// lastStatement reports whether the call at the top of stack is a
// statement after which its function does nothing (in its block and in
// every block around it) but a bare return, break or continue: nothing
// runs under the lock it may have taken.
func lastStatement(stack []ast.Node) bool {
	if len(stack) < 3 {
		return false
	}
	if _, ok := stack[len(stack)-2].(*ast.ExprStmt); !ok {
		return false
	}
	for j := len(stack) - 2; j > 0; j-- {
		switch stack[j].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return true
		}
		stmt, ok := stack[j].(ast.Stmt)
		if !ok {
			continue
		}
		if !nothingAfter(stack[j-1], stmt) {
			return false
		}
	}
	return true
}

// nothingAfter reports whether stmt is followed in its list (parent's
// statements) only by bare returns, breaks and continues.
func nothingAfter(parent ast.Node, stmt ast.Stmt) bool {
	list, ok := analysisutil.StmtList(parent)
	if !ok {
		return true // the statement of an if, a for, a label: its parent is judged above
	}
	i := slices.Index(list, stmt)
	for _, s := range list[i+1:] {
		switch s := s.(type) {
		case *ast.BranchStmt:
		case *ast.ReturnStmt:
			if len(s.Results) > 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func report(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, why string) {
	key := "lock key " + op.Key.Text
	if op.Kind == rediscall.LockObtain {
		key = "a lock"
	}
	m.Report(pass, analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: "unchecked-acquire",
		Message: m.CallText(op) + " acquires " + key + " but never looks at whether it did (" + why +
			"): when another client holds the lock this caller runs the guarded code anyway, so there is no mutual exclusion; read the answer and stop when the lock is held",
		Related: m.CallerRelated(op),
	})
}

// answerOf says how op reports that the lock is held by someone else: as
// its client's call does, or, through a wrapper, as the wrapper's result
// that carries the acquire's answer says (its summary's AnswerTo). A
// wrapper none of whose results carries it (it read the answer itself, or
// returns a *Task, a report, nothing) is judged where it is, and its
// callers are not.
func answerOf(op *lockmodel.Op) rediscall.Answer {
	if op.Via != nil && (op.Kind == rediscall.Acquire || op.Kind == rediscall.LockObtain) {
		if op.Via.AnswerTo < 0 {
			return rediscall.NoAnswer
		}
		return op.Via.Answer
	}
	return rediscall.NotAcquiredRead(op.Call, op.Reply.Converted)
}

// answerIndex is the position of op's answer in the tuple its call
// returns: the result of the wrapper that carries it, or -1 for a client
// call (its value first, its error last).
func answerIndex(op *lockmodel.Op) int {
	if op.Via != nil && (op.Kind == rediscall.Acquire || op.Kind == rediscall.LockObtain) {
		return op.Via.AnswerTo
	}
	return -1
}

// pipelined reports whether op is sent through a pipeline the model does
// not know as one: a wrapper's pipeline type (a Pipeliner interface of
// the user's own) or a value obtained from a Pipeline or TxPipeline call.
// Its answer arrives with Exec, not from the call.
func pipelined(info *types.Info, m *lockmodel.Model, op *lockmodel.Op) bool {
	if op.ClientExpr == nil {
		return false
	}
	if t := info.TypeOf(op.ClientExpr); t != nil && pipeName().MatchString(types.TypeString(t, nil)) {
		return true
	}
	call, ok := ast.Unparen(m.Env.LocalInit(op.ClientExpr)).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && pipeName().MatchString(sel.Sel.Name)
}

var pipeName = analysisutil.LazyRegexp(`(?i)pipe`)
