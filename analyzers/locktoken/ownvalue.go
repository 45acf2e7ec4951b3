package locktoken

import (
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// An ownValueFact says which commands of a wrapper write a weak value of
// the wrapper's own (time.Now().UnixNano(), os.Getpid()) on a key, or
// with options, that its callers give: the wrapper's package cannot tell
// whether they acquire a lock, so the callers' packages judge the value
// at the call, as they judge a constant one (SummaryOp.ValueConst).
// Writes is keyed by the command's position in the wrapper, the Where
// of its SummaryOp.
type ownValueFact struct {
	Writes map[string]tokenFact
}

func (*ownValueFact) AFact() {}

func (f *ownValueFact) String() string {
	return "own values at " + strings.Join(slices.Sorted(maps.Keys(f.Writes)), ", ")
}

// ownValueWrites returns the writes of the package whose value is the
// wrapper's own but whose acquire its callers decide: a SET whose
// options are a parameter, or an acquire whose key is not judged here.
// Constants travel in the summary; these need the trace.
func ownValueWrites(m *lockmodel.Model) []tokenWrite {
	var out []tokenWrite
	for _, fn := range m.Funcs {
		if fn.Test {
			continue
		}
		for _, op := range fn.Ops {
			if op.Via != nil || op.Value == nil || m.Env.Constant(op.Value) != nil {
				continue
			}
			leftToCalls := op.Kind == rediscall.KindOther && op.Options != nil
			if leftToCalls || (op.Kind == rediscall.Acquire && !m.IsLockKey(op)) {
				out = append(out, tokenWrite{op: op, value: op.Value})
			}
		}
	}
	return out
}

// exportOwnValues traces the values of writes (ownValueWrites) and
// exports, for each wrapper with a weak one, its ownValueFact.
func exportOwnValues(pass *analysis.Pass, tr *provenance.Tracer, writes []tokenWrite) {
	facts := map[*types.Func]*ownValueFact{}
	for _, w := range writes {
		res := tr.Trace(w.op.Func.Decl, w.value)
		if !res.Weak() {
			continue
		}
		f := facts[w.op.Func.Obj]
		if f == nil {
			f = &ownValueFact{Writes: map[string]tokenFact{}}
			facts[w.op.Func.Obj] = f
		}
		f.Writes[analysisutil.Where(pass.Fset, w.op.Pos())] = tokenFact{Kind: res.Kind(), Desc: res.Main().Desc}
	}
	for obj, f := range facts {
		pass.ExportObjectFact(obj, f)
	}
}

// wrapperValue returns the value that op, the call of a wrapper of
// another package, writes itself as the value of a lock key, when the
// wrapper's package left it to the call: its constant, or the weak
// source of its ownValueFact; nil otherwise.
func wrapperValue(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) *provenance.Source {
	if op.Via == nil || op.Via.Value >= 0 || m.Origin(op) != nil {
		return nil
	}
	judgedThere := op.Via.Options < 0 && (op.Via.Settled || !op.Via.Key.HasPlaceholder())
	if judgedThere || !m.IsLockKey(op) {
		return nil
	}
	if c := op.Via.ValueConst; c != "" {
		return &provenance.Source{Kind: provenance.Constant, Desc: "the constant " + c}
	}
	callee := typeutil.StaticCallee(pass.TypesInfo, op.Expr)
	var f ownValueFact
	if callee == nil || !pass.ImportObjectFact(callee.Origin(), &f) {
		return nil
	}
	if t, ok := f.Writes[op.Via.Where]; ok {
		return &provenance.Source{Kind: t.Kind, Desc: t.Desc}
	}
	return nil
}
