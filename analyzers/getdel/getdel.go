package getdel

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerfix"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of getdel's diagnostics.
var Categories = []string{"get-del", "get-expire"}

// Analyzer reports check-then-act releases and renewals of lock keys. It
// belongs to the default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("getdel", doc, Categories, run)

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	once := lockmodel.Once{}
	for _, op := range m.Ops {
		if act, sg := checkedInWrapper(m, op); sg != nil {
			report(pass, m, op, act, check{sg: sg}, once)
			continue
		}
		act, gc := checkThenAct(m, op)
		if gc == nil || m.ReportedInWrapper(op, func(o *lockmodel.Op) bool { _, g := checkThenAct(m, o); return g != nil }) {
			continue // a helper whose own GET, compare and write are reported there is not reported again at its calls
		}
		report(pass, m, op, act, check{gc: gc}, once)
	}
	return nil, nil
}

// An action is what a check-then-act write does to the lock.
type action struct {
	category string
	verb     string // "deletes", "renews"
	cost     string
	refresh  bool
}

var (
	deleteAction = action{"get-del", " deletes lock key ", "this deletes their lock; compare and delete in one step", false}
	renewAction  = action{"get-expire", " renews lock key ", "this extends their lock; compare and renew in one step", true}
)

// remedy names what does the write in one step for op's client.
func (a action) remedy(op *lockmodel.Op) string {
	return " with " + ownerfix.Remedy(op, a.refresh)
}

// actionOf says whether op is a write getdel judges, and which: a release
// or a renewal (an expire, a SET with a TTL) that is not owner-checked.
func actionOf(op *lockmodel.Op) (action, bool) {
	switch {
	case op.OwnerChecked:
		return action{}, false
	case op.Role == rediscall.RoleRelease:
		return deleteAction, true
	case op.RenewsKey():
		return renewAction, !lockmodel.SplitAcquireExpire(op) // setnxexpire's
	}
	return action{}, false
}

// checkThenAct returns what op does and the GET compared in Go before it,
// when op is a check-then-act write on a lock key (or on a key the shape
// itself shows to be one: selfEvident); nil otherwise. Code in _test.go
// files is left out: reading the value back is an assertion there, and
// deleting it cleanup.
func checkThenAct(m *lockmodel.Model, op *lockmodel.Op) (action, *lockmodel.GetCompare) {
	act, ok := actionOf(op)
	// A call of a same-package helper is judged whatever its key: a
	// compare before the call makes the helper's write a check-then-act,
	// reported at the write (see report).
	if !ok || op.Func.Test || (!op.Reportable() && m.IsRoot(op)) {
		return action{}, nil
	}
	gc := m.GetCompareBefore(op)
	if gc == nil || !m.CompareIsEvidence(op, gc) {
		return action{}, nil
	}
	return act, gc
}

// checkedInWrapper returns what op does and the GET compared before it,
// when op is a call of a wrapper of another package that writes a lock
// key of this package after comparing its value in Go, and that
// package did not judge the write itself (its key was a parameter
// there): the bug is reported at each call, as bare writes of such
// wrappers are.
func checkedInWrapper(m *lockmodel.Model, op *lockmodel.Op) (action, *lockmodel.SummaryGet) {
	act, ok := actionOf(op)
	if !ok || op.Via == nil || op.Func.Test || !m.IsRoot(op) || !op.Reportable() {
		return action{}, nil
	}
	sg := op.Via.GetCompare
	if sg.Get == "" || sg.Judged || !m.IsLockKey(op) {
		return action{}, nil
	}
	return act, &sg
}

// A check is the GET compared in Go before a write: in the write's own
// package (gc), or inside the wrapper of another package the write is a
// call of (sg).
type check struct {
	gc *lockmodel.GetCompare
	sg *lockmodel.SummaryGet
}

// text names the GET and where it is, for messages.
func (c check) text(m *lockmodel.Model) string {
	if c.gc == nil {
		return c.sg.Get
	}
	return m.CallText(c.gc.Get) + " at " + m.Where(c.gc.Get.Pos())
}

// related points at the GET, when it is in this package.
func (c check) related() []analysis.RelatedInformation {
	if c.gc == nil {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: c.gc.Get.Pos(), End: c.gc.Get.Expr.End(), Message: "value read here, compared in Go"}}
}

// report reports op's check-then-act write. A write of a same-package
// helper that its caller sends after comparing the GET is reported at the
// helper's command, once, with the call as related information, and no
// fix (the compare and the write are in different functions).
func report(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, act action, c check, once lockmodel.Once) {
	cmd, calls := m.AtCommand(op, "called here after the value was compared")
	if !once.First(cmd, act.category) {
		return
	}
	key := op.Key.Text
	if op.KeyExpr == nil {
		key = cmd.Key.Text // a helper whose key is its own (l.key), not one its call passes
	}
	acquired := ""
	var related []analysis.RelatedInformation
	if acq := m.AcquireFor(op); acq != nil {
		acquired = " (acquired by " + m.CallText(acq) + " at " + m.Where(acq.Pos()) + ")"
		related = append(related, analysis.RelatedInformation{Pos: acq.Pos(), End: acq.Expr.End(), Message: "lock acquired here"})
	}
	d := analysis.Diagnostic{
		Pos:      cmd.Pos(),
		End:      cmd.Expr.End(),
		Category: act.category,
		Message: m.CallText(cmd) + act.verb + key + acquired + " after " + c.text(m) +
			" compared its value in Go, as a separate command: " +
			"the lock can expire and be acquired by another client in between, and " + act.cost + act.remedy(op),
		Related: append(related, c.related()...),
	}
	// A time compared is not a token to compare-and-delete with, nor is a
	// part of the value (its owner field, the rest after a prefix). A
	// compare inside another package's wrapper is not this package's to
	// rewrite.
	if gc := c.gc; gc != nil && cmd == op && fixable(op) && !gc.Ordered && !gc.Part {
		if fix, ok := wholeFix(pass, m, op, gc, act.refresh); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(append(d.Related, m.CallerRelated(op)...), calls...)
	m.Report(pass, d)
}

// fixable reports whether op has an owner-checked replacement with the
// same effect: DEL/UNLINK (Release) and EXPIRE/PEXPIRE (Refresh); a SET
// also writes a value and an absolute expiry has no duration.
func fixable(op *lockmodel.Op) bool {
	switch op.Command {
	case "DEL", "UNLINK", "EXPIRE", "PEXPIRE":
		return true
	}
	return false
}
