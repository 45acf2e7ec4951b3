package acquireresult

import (
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

func checkAcquire(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, why string) {
	key := "lock key " + m.KeyText(op)
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
