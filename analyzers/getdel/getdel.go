package getdel

import (
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerfix"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// An action is what a check-then-act write does to the lock.
type action struct {
	category string
	verb     string // "deletes", "renews"
	cost     string
	refresh  bool
}

var (
	deleteAction = action{"get-del", " deletes lock key ", "this deletes their lock; compare and delete in one step with safelock.Release", false}
	renewAction  = action{"get-expire", " renews lock key ", "this extends their lock; compare and renew in one step with safelock.Refresh", true}
)

// actionOf says whether op is a write getdel judges, and which.
func actionOf(op *lockmodel.Op) (action, bool) {
	switch op.Kind {
	case rediscall.Delete:
		return deleteAction, true
	case rediscall.Expire:
		return renewAction, !lockmodel.SplitAcquireExpire(op) // setnxexpire's
	case rediscall.Set:
		return renewAction, lockmodel.HasTTLArg(op)
	}
	return action{}, false
}

func checkOp(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) {
	act, ok := actionOf(op)
	if !ok || op.Func.Test || !op.Reportable() || lockmodel.IsOwnerChecked(op) {
		return
	}
	gc := m.GetCompareBefore(op)
	if gc == nil || (gc.Ordered && !m.IsLockKey(op)) || !selfEvident(m, op, gc) {
		return
	}
	acquired := ""
	var related []analysis.RelatedInformation
	if acq := m.AcquireFor(op); acq != nil {
		acquired = " (acquired by " + m.CallText(acq) + " at " + m.Where(acq.Pos()) + ")"
		related = append(related, analysis.RelatedInformation{Pos: acq.Pos(), End: acq.Expr.End(), Message: "lock acquired here"})
	}
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: act.category,
		Message: m.CallText(op) + act.verb + m.KeyText(op) + acquired + " after " +
			m.CallText(gc.Get) + " at " + m.Where(gc.Get.Pos()) + " compared its value in Go, as a separate command: " +
			"the lock can expire and be acquired by another client in between, and " + act.cost,
		Related: append(related, analysis.RelatedInformation{Pos: gc.Get.Pos(), End: gc.Get.Expr.End(), Message: "value read here, compared in Go"}),
	}
	if fixable(op) && !gc.Ordered { // a time compared is not a token to compare-and-delete with
		spec := ownerfix.Spec{Op: op, Token: gc.Token, TokenIn: op.Func, Refresh: act.refresh}
		if fix, ok := ownerfix.Fix(m.Pass, m.Env, spec); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(d.Related, m.CallerRelated(op)...)
	m.Report(pass, d)
}

// selfEvident reports whether a GET, a compare in Go and then op on the
// same key is a lock release or renewal (RULES.md, "Self-evident
// release"): the compare is the lock evidence, whoever acquired the key.
// Not when the package also writes the key unconditionally outside such a
// compare: a key set with a plain SET (after an EXISTS, say) is state,
// not a lock acquired with NX.
func selfEvident(m *lockmodel.Model, op *lockmodel.Op, gc *lockmodel.GetCompare) bool {
	if m.IsLockKey(op) {
		return true
	}
	if op.Kind == rediscall.Set || !releaseNamed(m, op, gc) {
		return false // compare-and-set of a cache entry; a one-time code consumed
	}
	for _, w := range m.Ops {
		same := w.KeyID == op.KeyID || (op.Family != "" && w.Family == op.Family)
		if w.Kind == rediscall.Set && w != op && same && m.GetCompareBefore(w) == nil {
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
	if op.Key != nil {
		names = append(names, types.ExprString(op.Key))
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
