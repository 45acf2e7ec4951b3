package acquireresult

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// checkOp reports op if it is an acquire whose "not acquired" answer is
// lost. A SetNX in a test is setup: no other client competes.
func checkOp(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) {
	if op.Func.Test {
		return
	}
	if why := uncheckedAcquire(m, op); why != "" {
		checkAcquire(pass, m, op, why)
	}
}

// An answer is how an acquire says "not acquired".
type answer int

const (
	noAnswer    answer = iota
	valueAnswer        // a value (false, 0, a nil reply) with a nil error: SetNX, SETNX, redigo SET NX
	errorAnswer        // an error: redis.Nil (SetArgs NX, Do SET NX), redigo ErrNil, a lock library's error
)

// uncheckedAcquire returns why the "not acquired" answer of op is never
// read, or "" when op is not an acquire of a lock key or its answer is
// read (or handed to the caller, who is then judged).
func uncheckedAcquire(m *lockmodel.Model, op *lockmodel.Op) string {
	ans := answerOf(m, op)
	// A wrapper's summary may be settled in its own package, but an
	// answer handed back to the caller was judged nowhere: so Reportable
	// is not asked here.
	if ans == noAnswer || op.Queued || pipelined(m, op) {
		return ""
	}
	if op.Kind == rediscall.Acquire && !m.IsLockKey(op) {
		return "" // a dedup or idempotency marker: ignoring its answer is a choice
	}
	u := usageOf(m.Pass.TypesInfo, op.Reply)
	if u.converted && ans == valueAnswer && op.Command == "SET NX" {
		ans = errorAnswer // redis.String(conn.Do("SET", ..., "NX")): a nil reply is ErrNil
	}
	why := judge(m, op, ans, u)
	if why != "" && m.ReportedInWrapper(op, func(o *lockmodel.Op) bool { return uncheckedAcquire(m, o) != "" }) {
		return "" // reported in the wrapper, where the acquire is
	}
	return why
}

// answerOf says how op reports that the lock is held by someone else.
func answerOf(m *lockmodel.Model, op *lockmodel.Op) answer {
	switch {
	case op.Kind == rediscall.LockObtain:
		return errorAnswer
	case op.Kind != rediscall.Acquire:
		return noAnswer
	case op.Via != nil:
		return wrapperAnswer(m.Pass.TypesInfo, op.Expr)
	case op.Redigo, op.Command == "SETNX":
		return valueAnswer // SETNX replies 0; redigo's SET NX replies nil with no error
	case op.Call.Func != nil && op.Call.Func.Name() == "SetNX":
		return valueAnswer // *BoolCmd: false with a nil error
	}
	return errorAnswer // SetArgs NX, Do("set", ..., "NX"): redis.Nil
}

// wrapperAnswer says how a wrapper that acquires reports a held lock,
// from its results: only an error means the error; a bool, a command or a
// reply carries a value. A wrapper with no results decided alone, and is
// judged where it is.
func wrapperAnswer(info *types.Info, call *ast.CallExpr) answer {
	sig, ok := info.TypeOf(call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return noAnswer
	}
	ans := errorAnswer
	for v := range sig.Results().Variables() {
		if !analysisutil.IsError(v.Type()) && !isNilErrCmd(v.Type()) {
			ans = valueAnswer
		}
	}
	return ans
}

// isNilErrCmd reports whether t is a go-redis command whose error is
// redis.Nil when a SET NX did not set the key (*StatusCmd of SetArgs,
// *Cmd of Do).
func isNilErrCmd(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !rediscall.IsClientPackage(n.Obj().Pkg().Path()) {
		return false
	}
	return n.Obj().Name() == "StatusCmd" || n.Obj().Name() == "Cmd"
}

// pipelined reports whether op is sent through a pipeline the model does
// not know as one: a wrapper's pipeline type (a Pipeliner interface of
// the user's own) or a value obtained from a Pipeline or TxPipeline call.
// Its answer arrives with Exec, not from the call.
func pipelined(m *lockmodel.Model, op *lockmodel.Op) bool {
	if op.Client == nil {
		return false
	}
	if t := m.Pass.TypesInfo.TypeOf(op.Client); t != nil && pipeName().MatchString(types.TypeString(t, nil)) {
		return true
	}
	call, ok := ast.Unparen(m.Env.LocalInit(op.Client)).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && pipeName().MatchString(sel.Sel.Name)
}

var pipeName = analysisutil.LazyRegexp(`(?i)pipe`)
