package acquireresult

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// redigoConverters are redigo's reply helpers: redis.String(c.Do(...))
// turns a nil reply into ErrNil.
var redigoConverters = map[string]bool{
	"Int": true, "Int64": true, "Uint64": true, "Bool": true, "String": true, "Bytes": true, "Values": true, "Float64": true,
}

func isReplyConverter(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "github.com/gomodule/redigo/redis", "github.com/garyburd/redigo/redis":
		return redigoConverters[fn.Name()]
	}
	return false
}

func isClientPath(path string) bool { return redisapi.IsClientPackage(path) }

func checkAcquire(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, why string) {
	key := "lock key " + m.KeyText(op)
	if op.Kind == redisapi.LockObtain {
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
