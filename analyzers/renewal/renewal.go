package renewal

import (
	_ "embed"
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of renewal's diagnostics.
var Categories = []string{"watchdog-leak", "release-before-stop"}

// Analyzer reports lock watchdogs that cannot be stopped and releases that
// delete the lock before stopping its watchdog. It belongs to the default
// analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("renewal", doc, Categories, run)

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	dogs := findWatchdogs(pass, m)
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
	fn     *lockmodel.Func          // the function with the go statement
	renew  *lockmodel.Op            // a renewal in the goroutine's loop
	keys   map[string]bool          // key identities it renews, in fn's terms
	leak   *lockmodel.Op            // a renewal in a loop with no way to stop, or nil
	loop   ast.Node                 // the loop of leak
	flags  map[*types.Var]bool      // bool fields the goroutine reads: its stop flags
	runs   map[*lockmodel.Func]bool // the package's functions the goroutine runs itself
}

// onLock reports whether op is on a lock key: a lock key of the model, or
// a renewal that compares the owner (a compare-and-expire is a lock's by
// construction).
func onLock(m *lockmodel.Model, op *lockmodel.Op) bool {
	return m.IsLockKey(op) || op.OwnerChecked
}

// synchronous reports whether the command op stands for runs during the
// call: a wrapper's command inside a goroutine it starts, or inside a
// function literal it only returns or stores (unlock := func() { ... }),
// runs later or elsewhere, and is not the caller's renewal or release.
func synchronous(m *lockmodel.Model, op *lockmodel.Op) bool {
	for _, o := range m.Origins(op) {
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
