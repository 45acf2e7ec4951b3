package getdel

import (
	_ "embed"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
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
		act, gc := checkThenAct(m, op)
		if gc == nil || m.ReportedInWrapper(op, func(o *lockmodel.Op) bool { _, g := checkThenAct(m, o); return g != nil }) {
			continue // a helper whose own GET, compare and write are reported there is not reported again at its calls
		}
		report(pass, m, op, act, gc, once)
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

// remedy names what does the write in one step for op's client:
// safelock takes go-redis v9 clients; the others get a script in the
// client's own API.
func (a action) remedy(op *lockmodel.Op) string {
	switch {
	case op.Client != rediscall.GoRedisV9 && a.refresh:
		return " with a compare-and-expire script"
	case op.Client != rediscall.GoRedisV9:
		return " with a compare-and-delete script"
	case a.refresh:
		return " with safelock.Refresh"
	}
	return " with safelock.Release"
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
	if gc == nil || (gc.Ordered && !m.IsLockKey(op)) || !selfEvident(m, op, gc) {
		return action{}, nil
	}
	return act, gc
}

// report reports op's check-then-act write. A write of a same-package
// helper that its caller sends after comparing the GET is reported at the
// helper's command, once, with the call as related information, and no
// fix (the compare and the write are in different functions).
func report(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, act action, gc *lockmodel.GetCompare, once lockmodel.Once) {
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
		Message: m.CallText(cmd) + act.verb + key + acquired + " after " +
			m.CallText(gc.Get) + " at " + m.Where(gc.Get.Pos()) + " compared its value in Go, as a separate command: " +
			"the lock can expire and be acquired by another client in between, and " + act.cost + act.remedy(op),
		Related: append(related, analysis.RelatedInformation{Pos: gc.Get.Pos(), End: gc.Get.Expr.End(), Message: "value read here, compared in Go"}),
	}
	// A time compared is not a token to compare-and-delete with, nor is a
	// part of the value (its owner field, the rest after a prefix).
	if cmd == op && fixable(op) && !gc.Ordered && !gc.Part {
		if fix, ok := wholeFix(pass, m, op, gc, act.refresh); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(append(d.Related, m.CallerRelated(op)...), calls...)
	m.Report(pass, d)
}

// selfEvident reports whether a GET, a compare in Go and then op on the
// same key is a lock release or renewal: the compare is the lock
// evidence, whoever acquired the key.
// Not when the package also writes the key unconditionally outside such a
// compare: a key set with a plain SET (after an EXISTS, say) is state,
// not a lock acquired with NX.
func selfEvident(m *lockmodel.Model, op *lockmodel.Op, gc *lockmodel.GetCompare) bool {
	if m.IsLockKey(op) {
		return true
	}
	if op.Role == rediscall.RoleWrite || !releaseNamed(m, op, gc) {
		return false // compare-and-set of a cache entry; a one-time code consumed
	}
	for _, w := range m.Ops {
		same := w.Key.ID == op.Key.ID || (op.Key.Family != "" && w.Key.Family == op.Key.Family)
		if w.Role == rediscall.RoleWrite && w != op && same && m.GetCompareBefore(w) == nil {
			return false
		}
	}
	return true
}

// releaseWords name a lock release or its token. A GET compared with a
// value and then a DEL is also how one-time codes are consumed
// (VerifyCode: the SMS code read, compared with the user's input, then
// deleted), which is no lock; with no NX acquire of the key in sight, a
// release, its token or a lock must be named for the shape to be one.
var releaseWords = map[string]bool{
	"release": true, "unlock": true, "renew": true, "extend": true, "refresh": true, // the operation
	"token": true, "owner": true, "holder": true, "uuid": true, "lease": true, // the value compared
}

// releaseNamed reports whether the function, its receiver type, the key or
// the value compared with has a lock word or a release word.
func releaseNamed(m *lockmodel.Model, op *lockmodel.Op, gc *lockmodel.GetCompare) bool {
	names := []string{op.Func.Decl.Name.Name, types.ExprString(gc.Token)}
	if op.KeyExpr != nil {
		names = append(names, types.ExprString(op.KeyExpr))
	}
	if op.Func.Recv != nil {
		names = append(names, op.Func.Recv.Obj().Name())
	}
	for _, n := range names {
		if m.IsLockName(n) {
			return true
		}
		for _, w := range lockmodel.NameWords(n) {
			if releaseWords[strings.ToLower(w)] {
				return true
			}
		}
	}
	return false
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
