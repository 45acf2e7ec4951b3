package lockmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/suppress"
	"golang.org/x/tools/go/analysis"
)

// A Model is what leasevet knows about the Redis commands of one package:
// its functions, the ops they issue (directly or through wrappers), and
// the answers the rules ask of them (is this key a lock key, which
// acquire does this release act on, was the value compared before). A nil
// *Model means the package reaches no Redis client.
//
// It is built once per package, by the lockmodel analyzer, and only read
// afterwards: the analyzers that ask it run concurrently.
type Model struct {
	Funcs []*Func        // the package's functions and methods with a body
	Ops   []*Op          // every op of every function, in source order
	Env   *rediscall.Env // the values of the package's expressions, for fixes

	pass       *analysis.Pass // the lockmodel analyzer's pass: facts, and the model's own types info
	keys       *keyid.Resolver
	lockNames  namer // the words of -lock-names, for lock names and lock API families
	directives *suppress.Directives
	checks     []suppress.Check // the names of the set's analyzers, for directives

	local      map[*types.Func]*Summary    // this package's summaries (summary.go)
	ifaceImpls map[*types.Func]*types.Func // interface method -> its only implementation's

	origins    map[*SummaryOp]*Op        // see Origin (links.go)
	summarized map[*Op]*SummaryOp        // an op of a wrapper -> the command of its summary it is
	instances  map[*SummaryOp][]*Op      // see Instances
	implOf     map[*SummaryOp]*SummaryOp // an interface method's command -> its only implementation's (see linkInterfaces)

	acquires keyIndex           // keys acquired with NX (lockkeys.go)
	evidence keyIndex           // keys released or renewed
	lockKeys map[[2]string]bool // identity and family -> lock key (judgeLockKeys)
	builtAt  map[token.Pos]*Op  // ops sending a builder chain, by report position (indexBuilders)
}

// Report reports d for pass's analyzer unless a suppression directive
// silences it: the one funnel every finding goes through. A finding at a
// rueidis or valkey-go command is reported at its builder chain, where
// the key and value are written (see atBuilder).
func (m *Model) Report(pass *analysis.Pass, d analysis.Diagnostic) {
	m.directives.Report(pass, m.atBuilder(d))
}

// atBuilder moves a finding reported at a command that a builder chain
// makes (c.Do(ctx, c.B().Set().Key(k).Value(v).Nx().Build())) to the
// chain, where its key, value and options are written. When the chain
// is built into a local and sent later (cmd := ...Build(); c.Do(ctx,
// cmd)), the Do is related information: the finding is at the builder
// whether or not the command is held first.
func (m *Model) atBuilder(d analysis.Diagnostic) analysis.Diagnostic {
	op := m.builtAt[d.Pos]
	if op == nil || d.End != op.Expr.End() {
		return d
	}
	ch := op.Chain
	if !ch.Inline {
		d.Related = append([]analysis.RelatedInformation{{Pos: d.Pos, End: d.End, Message: "the command is sent here"}}, d.Related...)
	}
	d.Pos, d.End = ch.End.Pos(), ch.End.End()
	return d
}

// indexBuilders records the ops that send a builder chain written apart
// from the call that sends it, by the position findings about them are
// reported at (Op.Pos).
func (m *Model) indexBuilders() {
	m.builtAt = map[token.Pos]*Op{}
	for _, op := range m.Ops {
		if op.Via == nil && op.Chain != nil && op.Chain.End != nil && op.Chain.End != op.Expr {
			m.builtAt[op.Pos()] = op
		}
	}
}

// CheckDirectives reports the suppression directives of the package that
// are pass's analyzer's to report: its own, whose diagnostics have the
// given categories, that give no reason, and, for the first analyzer of
// the set, those that name nothing the set knows.
func (m *Model) CheckDirectives(pass *analysis.Pass, categories []string) {
	own := suppress.Check{Analyzer: pass.Analyzer.Name, Categories: categories}
	m.directives.CheckDirectives(pass, own, m.checks)
}

// Where returns "file.go:line" of pos, for messages.
func (m *Model) Where(pos token.Pos) string { return analysisutil.Where(m.pass.Fset, pos) }

// Text returns the source text of an expression, shortened for messages.
func (m *Model) Text(e ast.Expr) string {
	text := types.ExprString(e)
	if len(text) > 60 {
		text = text[:57] + "..."
	}
	return text
}

// FuncOf returns the Func of a function or method declared in the
// package, or nil.
func (m *Model) FuncOf(obj *types.Func) *Func {
	for _, fn := range m.Funcs {
		if fn.Obj == obj {
			return fn
		}
	}
	return nil
}

// CallText names op's call for messages: the method or function called,
// and for a wrapper the command it sends and where ("Unlock (DEL at
// redis.go:31)"), so that the reader can find the command itself.
func (m *Model) CallText(op *Op) string {
	if op.Via == nil {
		return op.Method
	}
	if op.Via.Options >= 0 {
		return op.Method + " (" + op.Command + " at " + op.Via.Where + ")" // the command the call's options make
	}
	return op.Method + " (" + op.Via.Command + " at " + op.Via.Where + ")"
}

// CallerRelated returns, for a helper's command judged through its calls
// (see provingCallOf), the call that proves the key a lock, as related
// information for the diagnostic at the command.
func (m *Model) CallerRelated(op *Op) []analysis.RelatedInformation {
	if m.judged(op.Key) {
		return nil
	}
	return m.UseRelated(op, m.provingCallOf(op))
}

// UseRelated returns, for a helper's command op judged through use, one
// of the calls that stand for it (see UseOf), the call as related
// information for the diagnostic at the command; nil when use is op.
func (m *Model) UseRelated(op, use *Op) []analysis.RelatedInformation {
	if use == nil || use == op {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: use.Pos(), End: use.Expr.End(), Message: "called here with lock key " + use.Key.Text}}
}

// KeyTextAt names op's key for a message about op judged through use
// (see UseOf): the key as use writes it, and where, when op only receives
// it; op's own key text otherwise.
func (m *Model) KeyTextAt(op, use *Op) string {
	if use == nil || use == op || use.KeyExpr == nil || m.judged(op.Key) || m.paramOf(m.builtFrom(use.KeyExpr, 0)) != nil {
		return op.Key.Text
	}
	return use.Key.Text + " (passed by " + use.Func.Name() + " at " + m.Where(use.Pos()) + ")"
}
