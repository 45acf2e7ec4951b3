// Package ownerless holds what baredel and barerenew share: the judgement
// that a command acts on a held lock key without checking the owner
// token, and the shape of its report. Both rules ask the same questions in
// the same order (is it a lock key, is it owner-checked, is it in a WATCH
// transaction or a test, is it reported in its wrapper instead, which
// acquire does it act on); only which commands count and what the
// command costs differ, and those stay in the analyzers.
//
// It knows nothing of which commands delete or renew a key.
package ownerless

import (
	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerfix"
)

// A Rule is one ownerless-command rule: baredel's releases or barerenew's
// renewals.
type Rule struct {
	Category string
	// Acts reports whether op is a command of the rule: it deletes, or
	// renews, its key.
	Acts func(op *lockmodel.Op) bool
	// Belongs reports whether op, though it acts on a lock key, belongs to
	// another rule or to the acquire itself (nil: never).
	Belongs func(m *lockmodel.Model, op *lockmodel.Op) bool
	// Excused reports whether op is harmless given the acquire it acts on
	// (nil: never).
	Excused func(m *lockmodel.Model, acq, op *lockmodel.Op) bool
	// Fixable reports whether an owner-checked replacement can be offered
	// (nil: never).
	Fixable func(op *lockmodel.Op) bool
	Refresh bool // the fix renews (safelock.Refresh) rather than releases
	// Message gives the diagnostic's wording for op.
	Message func(op *lockmodel.Op) Wording
}

// A Wording is what a diagnostic says around the command and the key:
// "<call><Verb><key><Detail> (acquired by ...)<How>: if the lock expired
// and another client acquired it, <Cost>".
type Wording struct {
	Verb, Detail, How, Cost string
}

// Run reports every ownerless command of the rule in the package.
func (r Rule) Run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	return lockmodel.EachOp(r.checkOp)(pass, m)
}

func (r Rule) checkOp(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) {
	if acq := r.Acquire(m, op); acq != nil {
		r.check(pass, m, op, acq)
	}
}

// Acquire returns the acquire of the lock that op acts on without an
// owner check, or nil when op is not such a command.
func (r Rule) Acquire(m *lockmodel.Model, op *lockmodel.Op) *lockmodel.Op {
	if !r.Acts(op) || !op.Reportable() || m.InWatchTransaction(op) || lockmodel.IsOwnerChecked(op) || !m.IsLockKey(op) {
		return nil
	}
	// A test sets up, ages or cleans up keys; a SetNX there is setup, not
	// an acquisition. A GET-compare before the command is getdel's.
	if op.Func.Test || r.Belongs != nil && r.Belongs(m, op) || m.GetCompareBefore(op) != nil {
		return nil
	}
	if m.ReportedInWrapper(op, func(o *lockmodel.Op) bool { return r.Acquire(m, o) != nil }) {
		return nil // reported in the wrapper, where the command is
	}
	acq := m.AcquireFor(op)
	if acq == nil || r.Excused != nil && r.Excused(m, acq, op) {
		return nil
	}
	return acq
}

func (r Rule) check(pass *analysis.Pass, m *lockmodel.Model, op, acq *lockmodel.Op) {
	w := r.Message(op)
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: r.Category,
		Message: m.CallText(op) + w.Verb + m.KeyText(op) + w.Detail + " (acquired by " + m.CallText(acq) + " at " + m.Where(acq.Pos()) + ")" + w.How +
			": if the lock expired and another client acquired it, " + w.Cost,
		Related: []analysis.RelatedInformation{{Pos: acq.Pos(), End: acq.Expr.End(), Message: "lock acquired here"}},
	}
	if r.Fixable != nil && r.Fixable(op) {
		if fix, ok := ownerfix.Fix(m.Pass, m.Env, ownerfix.Spec{Op: op, Token: acq.Value, TokenIn: acq.Func, Refresh: r.Refresh}); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(d.Related, m.CallerRelated(op)...)
	m.Report(pass, d)
}
