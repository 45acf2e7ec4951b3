package renewal

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
)

// checkReleases reports the releases of keys that a stoppable watchdog
// renews, where the release deletes before stopping the watchdog or
// never stops it. Watchdogs that cannot be stopped at all are reported
// as watchdog-leak instead, once.
func checkReleases(pass *analysis.Pass, m *lockmodel.Model, dogs []*watchdog) {
	byKey := map[string][]*watchdog{}
	flags := map[*types.Var]bool{}
	for _, w := range dogs {
		for f := range w.flags {
			flags[f] = true
		}
		for k := range w.keys {
			if k != "" && w.leak == nil {
				byKey[k] = append(byKey[k], w)
			}
		}
	}
	if len(byKey) == 0 {
		return
	}
	for _, fn := range m.Funcs {
		if fn.Test {
			continue
		}
		for _, op := range fn.Ops {
			if w := racing(byKey[op.Key.ID], fn); w != nil && op.Key.ID != "" && op.Role == rediscall.RoleRelease && !inGoroutine(op) && synchronous(m, op) {
				if never, bad := releaseOrder(pass, m, op, w, flags); bad {
					reportRelease(pass, m, op, w, never)
				}
			}
		}
	}
}

// racing returns the first of the watchdogs of a key, or nil when fn
// runs in the goroutine of one of them (see watchdog.runs): that
// goroutine renews the key itself, between its steps, and its releases
// follow its renewals.
func racing(dogs []*watchdog, fn *lockmodel.Func) *watchdog {
	for _, w := range dogs {
		if w.runs[fn] {
			return nil
		}
	}
	if len(dogs) == 0 {
		return nil
	}
	return dogs[0]
}

// inGoroutine reports whether op runs in a goroutine started in its
// function: a watchdog deleting the key when it finds the lock lost is not
// the release. Nor is a release in a function the watchdog's goroutine
// runs itself (watchdog.runs: a loop that renews, works, then releases):
// no renewal of that goroutine can be in flight at it.
func inGoroutine(op *lockmodel.Op) bool {
	for _, n := range op.Stack {
		if _, ok := n.(*ast.GoStmt); ok {
			return true
		}
	}
	return false
}

// releaseOrder reports whether the release op can run before the watchdog
// w is stopped (bad), and whether its function never stops it (never). A
// helper of this package with no stop of its own is judged at its calls;
// a call of a helper that stops the watchdog itself is not: the helper is
// right, or reported at its own delete.
func releaseOrder(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, w *watchdog, flags map[*types.Var]bool) (never, bad bool) {
	if op.Func == w.fn && deferOf(op.Stack) == nil && !reaches(op.Func.Decl.Body, w.goStmt, op.Expr) {
		return false, false // a path where the watchdog was never started (the failed acquire's cleanup)
	}
	sf := stopFinder{pass: pass, m: m, local: op.Func == w.fn, flags: flags}
	for _, o := range m.Origins(op) {
		if osf := (stopFinder{pass: pass, m: m, local: o.Func == w.fn, flags: flags}); osf.in(o.Func.Decl.Body, true, 0) {
			// The wrapper stops the watchdog itself: before it deletes
			// (right), or after, which is reported once, at its delete.
			return false, false
		}
	}
	if !sf.in(op.Func.Decl.Body, true, 0) {
		if len(m.Instances(op)) > 0 {
			return false, false
		}
		return true, true
	}
	return false, !stopsFirst(op, sf)
}

// stopsFirst reports whether every path to the release op stops the
// watchdog first. Only functions that contain both a release and a stop
// get here, and only they get a control-flow graph.
func stopsFirst(op *lockmodel.Op, sf stopFinder) bool {
	body := op.Func.Decl.Body
	if lit, deferredLit := enclosingLit(op.Stack); lit != nil {
		if !stopFreePath(lit.Body, op.Expr, sf) {
			return true
		}
		if deferredLit == nil {
			return false
		}
		return deferredStopAfter(body, deferredLit, sf) || !stopFreePath(body, nil, sf)
	}
	if d := deferOf(op.Stack); d != nil {
		return deferredStopAfter(body, d, sf) || !stopFreePath(body, nil, sf)
	}
	return !stopFreePath(body, op.Expr, sf)
}

// enclosingLit returns the innermost function literal around the op at
// the top of stack and, when the literal is deferred (defer func() {
// ... }()), its defer statement.
func enclosingLit(stack []ast.Node) (*ast.FuncLit, *ast.DeferStmt) {
	for i := len(stack) - 1; i >= 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		if i >= 2 {
			if d, ok := stack[i-2].(*ast.DeferStmt); ok {
				return lit, d
			}
		}
		return lit, nil
	}
	return nil, nil
}

// deferOf returns the defer statement the op's call is deferred by.
func deferOf(stack []ast.Node) *ast.DeferStmt {
	if len(stack) >= 2 {
		if d, ok := stack[len(stack)-2].(*ast.DeferStmt); ok {
			return d
		}
	}
	return nil
}

// deferredStopAfter reports whether a defer statement of body registered
// after d stops the watchdog: deferred calls run last in, first out, so
// it runs before d's release.
func deferredStopAfter(body *ast.BlockStmt, d *ast.DeferStmt, sf stopFinder) bool {
	return analysisutil.Find(body, func(n ast.Node) (bool, bool) {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false, false
		case *ast.DeferStmt:
			return n.Pos() > d.Pos() && sf.in(n.Call, true, 0), true
		}
		return false, true
	})
}

// stopFreePath reports whether the control-flow graph of body has a path
// from its entry to the statement holding target (or, for a nil target,
// to a return or the end of the body) on which no statement stops the
// watchdog. Deferred calls do not count as stops on the path: they run at
// the return. The search is lostcancel's: a walk of the blocks, each
// visited once, since the only state is "not stopped yet".
func stopFreePath(body *ast.BlockStmt, target ast.Node, sf stopFinder) bool {
	g := cfg.New(body, func(*ast.CallExpr) bool { return true })
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block) bool
	walk = func(b *cfg.Block) bool {
		if seen[b] {
			return false
		}
		seen[b] = true
		if skipsGuardedStop(b, sf) {
			return false
		}
		for _, n := range b.Nodes {
			if target != nil && n.Pos() <= target.Pos() && target.End() <= n.End() {
				return true
			}
			if sf.in(n, false, 0) {
				return false
			}
		}
		if len(b.Succs) == 0 {
			return target == nil && b.Live
		}
		for _, s := range b.Succs {
			if walk(s) {
				return true
			}
		}
		return false
	}
	return len(g.Blocks) > 0 && walk(g.Blocks[0])
}

// skipsGuardedStop reports whether b is where a path goes on after
// skipping the then-branch of an if that stops the watchdog (if
// l.autoRenew { close(l.stop) }): the condition is how the code says
// whether a watchdog runs, so the paths that skip it count as stopped.
func skipsGuardedStop(b *cfg.Block, sf stopFinder) bool {
	if b.Kind != cfg.KindIfDone && b.Kind != cfg.KindIfElse {
		return false
	}
	ifs, ok := b.Stmt.(*ast.IfStmt)
	return ok && sf.in(ifs.Body, false, 0)
}

// reaches reports whether, in the control-flow graph of body, the
// statement holding to can run after the one holding from. Built only for
// a function that starts a watchdog and releases its key.
func reaches(body *ast.BlockStmt, from, to ast.Node) bool {
	g := cfg.New(body, func(*ast.CallExpr) bool { return true })
	holds := func(n, x ast.Node) bool { return n.Pos() <= x.Pos() && x.End() <= n.End() }
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block, start int) bool
	walk = func(b *cfg.Block, start int) bool {
		for _, n := range b.Nodes[start:] {
			if holds(n, to) {
				return true
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				if walk(s, 0) {
					return true
				}
			}
		}
		return false
	}
	for _, b := range g.Blocks {
		for i, n := range b.Nodes {
			if holds(n, from) {
				return walk(b, i+1)
			}
		}
	}
	return true // the go statement is in a function literal: assume it can
}

func reportRelease(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, w *watchdog, never bool) {
	started := m.Where(w.goStmt.Pos())
	what := op.Func.Name() + " releases " + lockText(m, op) + " (" + m.CallText(op) + ")"
	msg := what + " before it stops the watchdog started at " + started +
		": a renewal in flight can land after the delete (a SET ... PX renewal re-creates the lock under the old owner); stop the watchdog (cancel its context, close its done channel) and wait for it before the compare-and-delete"
	if never {
		msg = what + " and never stops the watchdog started at " + started +
			": the watchdog keeps renewing after the release, and a renewal in flight can land after the delete; stop it (cancel its context, close its done channel) and wait for it before the compare-and-delete"
	}
	m.Report(pass, analysis.Diagnostic{
		Pos: op.Pos(), End: op.Expr.End(), Category: "release-before-stop", Message: msg,
		Related: []analysis.RelatedInformation{{Pos: w.goStmt.Pos(), End: w.goStmt.End(), Message: "watchdog started here"}},
	})
}

func checkLeak(pass *analysis.Pass, m *lockmodel.Model, w *watchdog) {
	op := w.leak
	m.Report(pass, analysis.Diagnostic{
		Pos: w.goStmt.Pos(), End: w.goStmt.End(), Category: "watchdog-leak",
		Message: "goroutine renews " + lockText(m, op) + " (" + m.CallText(op) + " at " + m.Where(op.Pos()) + ") in a loop with no way to stop" +
			": no done channel, ctx.Done(), flag or failed renewal ends it, so it renews until the process exits and a finished or crashed holder never frees the lock; return on a done channel or ctx.Done() that the release closes, and when a renewal reports the lock lost",
		Related: []analysis.RelatedInformation{{Pos: w.loop.Pos(), End: w.loop.Pos(), Message: "the renewal loop"}},
	})
}

// lockText names op's lock for messages, by its key: a wrapper called
// with no key argument (l.renewOnce(ctx)) is named by its own command's
// key, the first of its chain of origins that has a key argument. A lock
// library's lock object (bsm/redislock's *Lock) whose key is not in
// sight is "the lock".
func lockText(m *lockmodel.Model, op *lockmodel.Op) string {
	named := op
	for _, o := range m.Origins(op) {
		if named.KeyExpr != nil {
			break
		}
		named = o
	}
	if named.KeyExpr == nil && named.Library != "" {
		return "the lock"
	}
	return "lock key " + named.Key.Text
}
