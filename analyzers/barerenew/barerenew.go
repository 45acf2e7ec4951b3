package barerenew

import (
	_ "embed"
	"go/ast"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports unconditional renewals of lock keys. It belongs to the
// default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = New(lockmodel.Analyzer)

// New returns the analyzer for the set whose lockmodel analyzer is model:
// it requires model and shares its flags, so that the set is configured
// by one lockmodel.Settings.
func New(model *analysis.Analyzer) *analysis.Analyzer {
	return lockmodel.NewAnalyzer("barerenew", doc, model, run)
}

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	for _, fn := range m.Funcs {
		for _, op := range fn.Ops {
			if acq := bareRenewal(m, op); acq != nil {
				checkBareRenewal(pass, m, op, acq)
			}
		}
	}
	return nil, nil
}

// bareRenewal returns the acquire of the lock that op renews with no owner
// check, or nil when op is not such a renewal.
func bareRenewal(m *lockmodel.Model, op *lockmodel.Op) *lockmodel.Op {
	if !renewsKey(op) || !op.Reportable() || m.InWatchTransaction(op) || m.IsOwnerChecked(op) || !m.IsLockKey(op) {
		return nil
	}
	if op.Func.Test {
		return nil // a test setting up or ageing a key
	}
	if lockmodel.SplitAcquireExpire(op) || inAcquireSequence(op) || acquiredInSameCall(op) || m.GetCompareBefore(op) != nil {
		return nil // setnxexpire's, part of the acquire, or getdel's
	}
	if m.ReportedInWrapper(op, func(o *lockmodel.Op) bool { return bareRenewal(m, o) != nil }) {
		return nil // reported in the wrapper, where the renewal is
	}
	return m.AcquireFor(op)
}

// renewsKey reports whether op sets a new expiry on its key: an expire
// command, an unconditional SET with a TTL, or a script that expires
// KEYS[1] on some path without comparing the owner (and is not itself an
// acquire script).
func renewsKey(op *lockmodel.Op) bool {
	switch op.Kind {
	case redisapi.Expire:
		return true
	case redisapi.Set:
		return hasTTLArg(op)
	case redisapi.Script:
		if op.Lua == nil || lockmodel.IsAcquire(op) {
			return false
		}
		guarded, ok := op.Lua.ExpiresKey(1)
		return ok && !guarded
	}
	return false
}

// hasTTLArg reports whether a SET is given an expiry that is not certainly
// zero: whatever its value, a SET of a held lock key overwrites the
// holder's lock, so a TTL that is a variable is enough.
func hasTTLArg(op *lockmodel.Op) bool {
	return op.TTL != nil && op.TTLIs != redisapi.NoTTL
}

// inAcquireSequence reports whether op follows an acquire of its key in
// the same function and in the same loop iteration and goroutine: the
// expire then belongs to the acquire (redundant or setnxexpire's), while a
// renewal in a loop or function literal the acquire is not in is a
// watchdog's.
func inAcquireSequence(op *lockmodel.Op) bool {
	ctx := innermostRepeat(op.Stack)
	for _, acq := range op.Func.Ops {
		if !lockmodel.IsAcquire(acq) || acq.KeyID != op.KeyID || !lockmodel.Before(acq, op) {
			continue
		}
		if ctx == nil || slices.Contains(acq.Stack, ctx) {
			return true
		}
	}
	return false
}

// acquiredInSameCall reports whether op is issued through a call of a
// wrapper that also acquires the key in that call (a SetNX helper that
// sends SETNX then EXPIRE): the expire is the wrapper's acquire sequence,
// judged in the wrapper, not a renewal at the call.
func acquiredInSameCall(op *lockmodel.Op) bool {
	if op.Via == nil {
		return false
	}
	for _, a := range op.Func.Ops {
		if a.Expr == op.Expr && a.KeyID == op.KeyID && lockmodel.IsAcquire(a) {
			return true
		}
	}
	return false
}

// innermostRepeat returns the innermost loop or function literal of stack.
func innermostRepeat(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.GoStmt:
			return stack[i] // a go statement runs its call in another goroutine: go renewLock(key)

		}
	}
	return nil
}

func checkBareRenewal(pass *analysis.Pass, m *lockmodel.Model, op, acq *lockmodel.Op) {
	what, how, cost := " renews lock key ", " without checking the owner token", "this extends their lock"
	switch op.Kind {
	case redisapi.Set:
		what, cost = " rewrites lock key ", "this overwrites their lock"
	case redisapi.Script:
		how = " in a script that does not compare the owner token"
	}
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: "bare-renew",
		Message: m.CallText(op) + what + m.KeyText(op) + " with a new TTL (acquired by " + m.CallText(acq) + " at " + m.Where(acq.Pos()) + ")" + how +
			": if the lock expired and another client acquired it, " + cost + "; renew with a compare-and-expire such as safelock.Refresh",
		Related: []analysis.RelatedInformation{{Pos: acq.Pos(), End: acq.Expr.End(), Message: "lock acquired here"}},
	}
	if op.Kind == redisapi.Expire && (op.Command == "EXPIRE" || op.Command == "PEXPIRE") {
		if fix, ok := m.OwnerFix(lockmodel.OwnerFixSpec{Op: op, Token: acq.Value, TokenIn: acq.Func, Refresh: true}); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(d.Related, m.CallerRelated(op)...)
	m.Report(pass, d)
}
