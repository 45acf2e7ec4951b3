package barerenew

import (
	_ "embed"
	"go/ast"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerfix"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of barerenew's diagnostics.
var Categories = []string{"bare-renew"}

// Analyzer reports unconditional renewals of lock keys. It belongs to the
// default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("barerenew", doc, Categories, run)

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	for _, op := range m.Ops {
		if acq, use := unownedRenewal(m, op); acq != nil {
			report(pass, m, op, acq, use)
		}
	}
	return nil, nil
}

// unownedRenewal returns the acquire of the lock that op renews without
// checking the owner, and what proves op a renewal of it (op, or a call
// of op's helper that hands it the lock key: lockmodel.Unguarded), or nil
// when op is no such renewal: an expire command, an unconditional SET
// with a TTL, or a script that expires the key on some path without
// comparing the owner, of a lock key, outside the acquire's own sequence
// (in its function, at the call that proves it, or at every call of its
// helper). A command of a same-package helper is judged at the command,
// never at its calls.
func unownedRenewal(m *lockmodel.Model, op *lockmodel.Op) (acq, use *lockmodel.Op) {
	if !op.RenewsKey() || partOfAcquire(op) || splitAtEveryCall(m, op) || m.TTLLeftToCalls(op) {
		return nil, nil // an acquire's expire, a helper's that every call sends as one, or one its calls judge
	}
	use = m.Unguarded(op, func(u *lockmodel.Op) bool {
		if partOfAcquire(u) {
			return false
		}
		acq = m.AcquireFor(u)
		return acq != nil
	})
	if use == nil {
		return nil, nil
	}
	return acq, use
}

func report(pass *analysis.Pass, m *lockmodel.Model, op, acq, use *lockmodel.Op) {
	verb, how := " renews lock key ", " without checking the owner token"
	remedy := "renew with " + ownerfix.RemedyKind(op, true)
	cost := "this extends their lock; " + remedy
	switch op.Kind {
	case rediscall.Set:
		verb, cost = " rewrites lock key ", "this overwrites their lock; "+remedy
	case rediscall.Script:
		how = " in a script that does not compare the owner token"
	}
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: "bare-renew",
		Message: m.CallText(op) + verb + m.KeyTextAt(op, use) + " with a new TTL (acquired by " + m.CallText(acq) + " at " + m.Where(acq.Pos()) + ")" + how +
			": if the lock expired and another client acquired it, " + cost,
		Related: []analysis.RelatedInformation{{Pos: acq.Pos(), End: acq.Expr.End(), Message: "lock acquired here"}},
	}
	if op.Kind == rediscall.Expire && (op.Command == "EXPIRE" || op.Command == "PEXPIRE") { // absolute expiries have no TTL to pass
		tok, in := m.TokenOf(acq)
		if fix, ok := ownerfix.Fix(pass, m.Env, ownerfix.Spec{Op: op, Token: tok, TokenIn: in, Refresh: true}); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(d.Related, m.UseRelated(op, use)...)
	m.Report(pass, d)
}

// splitAtEveryCall reports whether op is a helper's expire, sent straight
// from the helper's body (not from a loop or goroutine of its own: a
// watchdog's), that every call of the helper sends right after an
// acquire without a TTL: setnxexpire's split acquire, reported at op.
// A helper called after an acquire that has its TTL extends it: a renewal.
func splitAtEveryCall(m *lockmodel.Model, op *lockmodel.Op) bool {
	return innermostRepeat(op.Stack) == nil && m.EveryCall(op, lockmodel.SplitAcquireExpire)
}

// partOfAcquire reports whether op, an expiry of a lock key, belongs to
// an acquire rather than renewing it: setnxexpire's split acquire, the
// expire that follows the acquire in the same sequence, or an expire sent
// by the same wrapper call that acquires.
func partOfAcquire(op *lockmodel.Op) bool {
	return lockmodel.SplitAcquireExpire(op) || inAcquireSequence(op) || acquiredInSameCall(op)
}

// inAcquireSequence reports whether op follows an acquire of its key in
// the same function and in the same loop iteration and goroutine: the
// expire then belongs to the acquire (redundant or setnxexpire's), while a
// renewal in a loop or function literal the acquire is not in is a
// watchdog's.
func inAcquireSequence(op *lockmodel.Op) bool {
	ctx := innermostRepeat(op.Stack)
	for _, acq := range op.Func.Ops {
		if acq.Role != rediscall.RoleAcquire || acq.Key.ID != op.Key.ID || !lockmodel.Before(acq, op) {
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
		if a.Expr == op.Expr && a.Key.ID == op.Key.ID && a.Role == rediscall.RoleAcquire {
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
