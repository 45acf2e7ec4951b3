package renewal

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// stopName matches the names of functions and methods that stop
// something: l.stopWatchdog(), dog.Stop(), l.ticker.Stop(), l.cancelRenew().
// The verb comes first: context.WithCancel creates a cancel, it stops
// nothing.
var stopName = analysisutil.LazyRegexp(`^(?i:stop|cancel|halt|quit|kill|shutdown|terminate)`)

// A stopFinder says whether code stops a watchdog: it closes or sends on
// a channel, calls a cancel function held in a variable or field, calls a
// function named for stopping, stores a flag (a bool field, sync/atomic),
// or calls a function of this package that does (two calls deep).
//
// Channels and cancel functions in local variables count only in the
// function that started the watchdog (local is true there): elsewhere a
// local cancel is that of a timeout context for the release itself, which
// stops nothing.
type stopFinder struct {
	pass  *analysis.Pass
	m     *lockmodel.Model // for the bodies of the package's functions
	local bool
	flags map[*types.Var]bool // bool fields a watchdog reads
}

// in reports whether n stops a watchdog. Deferred calls and goroutines are
// left out unless deferred is true; function literals are looked into only
// when deferred is true or they are called on the spot.
func (s stopFinder) in(n ast.Node, deferred bool, depth int) bool {
	return analysisutil.Find(n, func(c ast.Node) (bool, bool) {
		switch c := c.(type) {
		case *ast.GoStmt:
			return false, false
		case *ast.DeferStmt, *ast.FuncLit:
			return false, deferred
		case *ast.SendStmt:
			return s.localOK(c.Chan), true
		case *ast.AssignStmt:
			return s.storesFlag(c), true
		case *ast.CallExpr:
			if lit, ok := ast.Unparen(c.Fun).(*ast.FuncLit); ok && !deferred {
				return s.in(lit.Body, false, depth), true
			}
			return s.callStops(c, deferred, depth), true
		}
		return false, true
	})
}

// callStops reports whether call is a stop.
func (s stopFinder) callStops(call *ast.CallExpr, deferred bool, depth int) bool {
	info := s.pass.TypesInfo
	switch fn := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "close" && len(call.Args) == 1 && s.localOK(call.Args[0])
	case *types.Var:
		return isCancelFunc(fn.Type()) && s.localOK(call.Fun) // cancel(), l.stop(): a func value
	case *types.Func:
		if stopName().MatchString(fn.Name()) || (fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic" && atomicStore().MatchString(fn.Name())) {
			return true
		}
		if fn.Pkg() != s.pass.Pkg || depth >= 2 {
			return false
		}
		if f := s.m.FuncOf(fn.Origin()); f != nil {
			return stopFinder{pass: s.pass, m: s.m, flags: s.flags}.in(f.Decl.Body, deferred, depth+1)
		}
	}
	return false
}

// isCancelFunc reports whether t is the type of a cancel function: func()
// (context.CancelFunc) or func(error) (context.CancelCauseFunc). A func
// value that takes or returns more (work func() error) is the caller's
// work, not a stop.
func isCancelFunc(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != 0 {
		return false
	}
	return sig.Params().Len() == 0 || (sig.Params().Len() == 1 && analysisutil.IsError(sig.Params().At(0).Type()))
}

var atomicStore = analysisutil.LazyRegexp(`^(Store|Swap|CompareAndSwap)`)

// localOK reports whether a channel or func value e may be the watchdog's:
// a field (l.done, l.cancel) anywhere, a local only where allowed.
func (s stopFinder) localOK(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return true
	}
	v, ok := s.pass.TypesInfo.Uses[id].(*types.Var)
	if ok && v.Parent() == s.pass.Pkg.Scope() {
		return true // a package variable
	}
	return s.local
}

// flagName matches the bool fields a watchdog loop checks to stop;
// other bool fields (l.held, l.released) say nothing about the watchdog.
var flagName = analysisutil.LazyRegexp(`(?i)stop|running|closed|done|quit|alive|renew|watch|cancel|exit`)

// storesFlag reports whether as sets a bool field that a watchdog reads,
// or one named as a stop flag (l.stopped = true, l.running = false).
func (s stopFinder) storesFlag(as *ast.AssignStmt) bool {
	if as.Tok != token.ASSIGN {
		return false
	}
	for _, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if v, ok := s.pass.TypesInfo.Uses[sel.Sel].(*types.Var); ok && s.flags[v] {
			return true
		}
		if b, ok := s.pass.TypesInfo.TypeOf(sel).Underlying().(*types.Basic); ok && b.Kind() == types.Bool && flagName().MatchString(sel.Sel.Name) {
			return true
		}
	}
	return false
}
