package locktoken

import (
	"go/token"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// checkOpenCalls judges a lock value that is a parameter of an exported
// constructor of a library package (NewLock(pool, key, token) storing
// token into the field the acquire writes). Importers choose their own
// value, so the acquire is not reported; but a call of the constructor in
// this package that passes a weak value makes every lock it builds write
// that value, so it is reported there, at the argument, with the acquire
// as related information. res is the acquire's trace.
func checkOpenCalls(pass *analysis.Pass, m *lockmodel.Model, tr *provenance.Tracer, w tokenWrite, res provenance.Result, done map[token.Pos]bool) {
	open, others, ok := res.OpenParam()
	if !ok || w.op.Kind != rediscall.Acquire {
		return
	}
	for _, a := range tr.OpenCalls(open) {
		arg := provenance.Result{Parts: append(append([]provenance.Source(nil), a.Result.Parts...), others...)}
		if !arg.Weak() || done[a.Expr.Pos()] {
			continue
		}
		done[a.Expr.Pos()] = true
		m.Report(pass, analysis.Diagnostic{
			Pos:      a.Expr.Pos(),
			End:      a.Expr.End(),
			Category: category(arg.Kind()),
			Message:  openMessage(m, w, open, arg),
			Related: append(related(arg), analysis.RelatedInformation{
				Pos:     w.op.Pos(),
				Message: w.what + " writes it as the value of lock key " + keyText(m, w.op),
			}),
		})
	}
}

// openMessage says which constructor receives the weak value and which
// acquire writes it.
func openMessage(m *lockmodel.Model, w tokenWrite, open *provenance.OpenParam, arg provenance.Result) string {
	return open.Func().Name() + " receives " + describe(m, arg) + ", which " + w.what + " at " + m.Where(w.op.Pos()) +
		" writes as the value of lock key " + keyText(m, w.op) + ": " + consequence[arg.Kind()] + advice
}
