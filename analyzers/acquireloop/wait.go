package acquireloop

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// waitFuncs are the functions that block the calling goroutine for a
// while, by "package.Func" or "package.Type.Method", each with its reason.
var waitFuncs = map[string]bool{
	"time.Sleep":          true, // the usual pause
	"sync.Cond.Wait":      true, // woken by the releaser
	"sync.WaitGroup.Wait": true, // waits for other goroutines
}

// waitPackages are libraries whose calls wait or retry with a pause: the
// backoff and retry helpers people wrap an acquire in.
var waitPackages = []string{
	"github.com/cenkalti/backoff",        // backoff.Retry, RetryNotify, Ticker
	"github.com/avast/retry-go",          // retry.Do with Delay
	"github.com/sethvargo/go-retry",      // retry.Do with a Backoff
	"github.com/jpillora/backoff",        // Duration() feeds a sleep
	"k8s.io/apimachinery/pkg/util/wait",  // wait.Poll, wait.Until
	"golang.org/x/time/rate",             // Limiter.Wait
	"github.com/zeromicro/go-zero/core/", // go-zero's retry and timing helpers
}

// waitName matches the words of a function name that promises a pause
// (sleep, wait, backoff, delay): helpers of other packages and interface
// methods whose bodies cannot be seen.
var waitName = analysisutil.LazyRegexp(`(?i)sleep|wait|backoff|back_off|delay|pause|throttle|jitter`)

// A waitFinder looks for a pause in loop bodies and, through calls, in
// the bodies of the package's own functions.
type waitFinder struct {
	info   *types.Info
	pkg    *types.Package
	m      *lockmodel.Model     // for the bodies of the package's functions
	judged map[*types.Func]bool // the package's functions looked into, and whether they wait
}

func newWaitFinder(pass *analysis.Pass, m *lockmodel.Model) *waitFinder {
	return &waitFinder{info: pass.TypesInfo, pkg: pass.Pkg, m: m, judged: map[*types.Func]bool{}}
}

// loopWaits reports whether an iteration of loop can block: its body,
// condition or post statement waits.
func (w *waitFinder) loopWaits(loop *ast.ForStmt) bool {
	return w.waits(loop.Body, 0) || w.waits(loop.Cond, 0) || w.waits(loop.Post, 0)
}

// waits reports whether n contains something that blocks: a receive, a
// select with no default, a range over a channel, or a call that waits.
// Goroutines started in n do not make n wait.
func (w *waitFinder) waits(n ast.Node, depth int) bool {
	if n == nil {
		return false
	}
	return analysisutil.Find(n, func(c ast.Node) (bool, bool) {
		switch c := c.(type) {
		case *ast.GoStmt:
			return false, false
		case *ast.UnaryExpr:
			return c.Op == token.ARROW, true
		case *ast.SelectStmt:
			return w.selectWaits(c, depth), false
		case *ast.RangeStmt:
			_, isChan := typeUnder(w.info.TypeOf(c.X)).(*types.Chan)
			return isChan, true
		case *ast.CallExpr:
			return w.callWaits(c, depth), true
		}
		return false, true
	})
}

// selectWaits reports whether a select blocks: it has no default clause,
// or a clause body waits. The receives in the clauses of a select with a
// default do not block.
func (w *waitFinder) selectWaits(s *ast.SelectStmt, depth int) bool {
	for _, cl := range s.Body.List {
		if cc, ok := cl.(*ast.CommClause); ok && cc.Comm == nil {
			for _, st := range cc.Body {
				if w.waits(st, depth) {
					return true
				}
			}
			for _, other := range s.Body.List {
				for _, st := range other.(*ast.CommClause).Body {
					if w.waits(st, depth) {
						return true
					}
				}
			}
			return false
		}
	}
	return true
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// callWaits reports whether a call blocks: a known waiting function or
// library, a blocking Redis command, a function named for a pause, or a
// function of this package whose body waits (three calls deep).
func (w *waitFinder) callWaits(call *ast.CallExpr, depth int) bool {
	fn, ok := typeutil.Callee(w.info, call).(*types.Func)
	if !ok {
		return false
	}
	if waitFuncs[analysisutil.FuncName(fn)] || waitName().MatchString(fn.Name()) || rediscall.Blocks(w.info, call, fn) {
		return true
	}
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if rediscall.IsClientPackage(path) {
		return false // a command is not a pause unless it blocks (above): go-zero's Setnx is under a wait package's path
	}
	for _, p := range waitPackages {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	if rediscall.IsLockLibrary(path) {
		return true // a lock library's obtain waits by its retry strategy
	}
	if fn.Pkg() != w.pkg || depth >= 3 {
		return false
	}
	if v, ok := w.judged[fn]; ok {
		return v
	}
	w.judged[fn] = false // a recursive call does not wait by itself
	f := w.m.FuncOf(fn.Origin())
	v := f != nil && w.waits(f.Decl.Body, depth+1)
	w.judged[fn] = v
	return v
}
