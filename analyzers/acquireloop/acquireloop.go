package acquireloop

import (
	_ "embed"
	"go/ast"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of acquireloop's diagnostics.
var Categories = []string{"spin-acquire", "unbounded-acquire"}

// Analyzer reports loops that wait for a lock by retrying its acquire with
// no pause, or with no way out but success. It belongs to the default
// analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("acquireloop", doc, Categories, run)

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	seen := map[*ast.ForStmt]bool{}
	for _, op := range m.Ops {
		if op.Func.Test {
			continue // a test may spin on a local server on purpose
		}
		if loop := retryLoop(m, op); loop != nil && !seen[loop] {
			seen[loop] = true
			checkLoop(pass, m, loop, op)
		}
	}
	return nil, nil
}

// retryLoop returns the for statement that retries the acquire op until
// it succeeds, when op is an acquire of a lock key, or nil.
func retryLoop(m *lockmodel.Model, op *lockmodel.Op) *ast.ForStmt {
	if op.Role != rediscall.RoleAcquire || op.Queued {
		return nil
	}
	loop := m.RetryLoop(op)
	if loop == nil || !m.IsLockKey(op) {
		return nil
	}
	return loop
}

func checkLoop(pass *analysis.Pass, m *lockmodel.Model, loop *ast.ForStmt, acq *lockmodel.Op) {
	key := ""
	if acq.KeyExpr != nil {
		key = " on lock key " + acq.Key.Text
	}
	what := "loop retries " + m.CallText(acq) + key + " (at " + m.Where(acq.Pos()) + ") until it succeeds"
	related := []analysis.RelatedInformation{{Pos: acq.Pos(), End: acq.Expr.End(), Message: "the acquire retried"}}
	reportSpin(pass, m, loop, acq, what, related)
	if !hasOtherExit(pass.TypesInfo, m, loop, acq) {
		m.Report(pass, analysis.Diagnostic{
			Pos: loop.Pos(), End: loop.Body.Lbrace, Category: "unbounded-acquire", Related: related,
			Message: what + " with no other way out (no deadline, attempt limit, ctx.Done() or ctx.Err() check, or return on error)" +
				": a holder that never releases, or a key that never expires, hangs every waiter for good; bound the wait with a context deadline or an attempt limit",
		})
	}
}

// reportSpin reports a retry loop with nothing that waits between
// attempts, or with a way round it that skips the pause every other way
// takes (a continue past the sleep, a sleep the caller can turn off).
func reportSpin(pass *analysis.Pass, m *lockmodel.Model, loop *ast.ForStmt, acq *lockmodel.Op, what string, related []analysis.RelatedInformation) {
	w := newWaitFinder(pass, m)
	const cost = ": every waiting client sends commands as fast as the network allows, loading Redis and slowing the holder; "
	if !w.loopWaits(loop) {
		m.Report(pass, analysis.Diagnostic{
			Pos: loop.Pos(), End: loop.Body.Lbrace, Category: "spin-acquire", Related: related,
			Message: what + " with nothing that waits between attempts (no sleep, timer, ticker, backoff or blocking receive)" +
				cost + "wait between attempts, with jitter, or use a lock library's retry strategy",
		})
		return
	}
	skip, wait := skippedWait(w, m, loop, acq)
	if skip == nil {
		return
	}
	related = append(related,
		analysis.RelatedInformation{Pos: skip.Pos(), End: skip.End(), Message: "the branch that skips the pause"},
		analysis.RelatedInformation{Pos: wait.Pos(), End: wait.End(), Message: "the pause skipped"})
	m.Report(pass, analysis.Diagnostic{
		Pos: loop.Pos(), End: loop.Body.Lbrace, Category: "spin-acquire", Related: related,
		Message: what + ", but the branch on " + m.Text(skip) + " (at " + m.Where(skip.Pos()) + ") comes round again without the pause at " +
			m.Where(wait.Pos()) + ", and takes that way on every attempt while its condition holds" +
			cost + "wait on every way round the loop, with jitter, or use a lock library's retry strategy",
	})
}
