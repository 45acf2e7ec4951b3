package renewal

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	dogs := findWatchdogs(m)
	for _, w := range dogs {
		if w.leak != nil {
			checkLeak(pass, m, w)
		}
	}
	checkReleases(pass, m, dogs)
	return nil, nil
}

// A watchdog is a go statement whose goroutine renews a lock key in a loop.
type watchdog struct {
	goStmt *ast.GoStmt
	fn     *lockmodel.Func     // the function with the go statement
	renew  *lockmodel.Op       // a renewal in the goroutine's loop
	keys   map[string]bool     // key identities it renews, in fn's terms
	leak   *lockmodel.Op       // a renewal in a loop with no way to stop, or nil
	loop   ast.Node            // the loop of leak
	flags  map[*types.Var]bool // bool fields the goroutine reads: its stop flags
}

// renews reports whether op sets a new expiry on its key: an expire, a
// SET with a TTL, a script that expires KEYS[1], an owner-checked SET
// IFEQ or a lock library's refresh. A script sent by a wrapper is what
// the wrapper's own command is (same package) or what its name says
// (imported: the summary does not carry the script).
func renews(m *lockmodel.Model, op *lockmodel.Op) bool {
	if op.Kind == rediscall.Script && op.Lua == nil && op.Via != nil {
		if o := m.Origin(op); o != nil {
			return renews(m, o)
		}
		return renewName().MatchString(op.Method)
	}
	switch op.Kind {
	case rediscall.Expire, rediscall.CondSet, rediscall.LockRefresh:
		return true
	case rediscall.Set:
		return lockmodel.HasTTLArg(op)
	case rediscall.Script:
		if op.Lua == nil || lockmodel.IsAcquire(op) {
			return false
		}
		_, ok := op.Lua.ExpiresKey(1)
		return ok
	}
	return false
}

var (
	renewName   = analysisutil.LazyRegexp(`(?i)renew|refresh|extend|expire|touch|keep_?alive|heartbeat`)
	releaseName = analysisutil.LazyRegexp(`(?i)release|unlock|del|free`)
)

// releases reports whether op deletes its key, owner-checked or not.
func releases(m *lockmodel.Model, op *lockmodel.Op) bool {
	if op.Kind == rediscall.Script && op.Lua == nil && op.Via != nil {
		if o := m.Origin(op); o != nil {
			return releases(m, o)
		}
		return releaseName().MatchString(op.Method) && !renewName().MatchString(op.Method)
	}
	switch op.Kind {
	case rediscall.Delete, rediscall.CondDelete, rediscall.LockRelease:
		return true
	case rediscall.Script:
		if op.Lua == nil {
			return false
		}
		_, ok := op.Lua.DeletesKey(1)
		return ok && !lockmodel.IsAcquire(op)
	}
	return false
}

// onLock reports whether op is on a lock key: a lock key of the model, or
// a renewal that compares the owner (a compare-and-expire is a lock's by
// construction).
func onLock(m *lockmodel.Model, op *lockmodel.Op) bool {
	return m.IsLockKey(op) || lockmodel.IsOwnerChecked(op)
}

// synchronous reports whether the command op stands for runs during the
// call: a wrapper's command inside a goroutine it starts, or inside a
// function literal it only returns or stores (unlock := func() { ... }),
// runs later or elsewhere, and is not the caller's renewal or release.
func synchronous(m *lockmodel.Model, op *lockmodel.Op) bool {
	for o := m.Origin(op); o != nil; o = m.Origin(o) {
		if !runsInCall(o.Stack) {
			return false
		}
	}
	return true
}

// runsInCall reports whether the call at the top of stack runs when its
// function runs: not under a go statement, and not in a function literal
// other than one called on the spot or deferred.
func runsInCall(stack []ast.Node) bool {
	for i, n := range stack {
		switch n.(type) {
		case *ast.GoStmt:
			return false
		case *ast.FuncLit:
			call, ok := stack[i-1].(*ast.CallExpr)
			if !ok || call.Fun != n {
				return false
			}
		}
	}
	return true
}
