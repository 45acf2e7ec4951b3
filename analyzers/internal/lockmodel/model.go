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

	Pass *analysis.Pass // the lockmodel analyzer's pass, while the model is built

	pass       *analysis.Pass // the lockmodel analyzer's pass: facts, and the model's own types info
	keys       *keyid.Resolver
	lockNames  Namer // the words of -lock-names, for lock names and lock API families
	directives *suppress.Directives

	local      map[*types.Func]*Summary    // this package's summaries (summary.go)
	ifaceImpls map[*types.Func]*types.Func // interface method -> its only implementation's

	origins   map[*SummaryOp]*Op // see Origin (links.go)
	instances map[*Op][]*Op      // see Instances

	acquires keyIndex           // keys acquired with NX (lockkeys.go)
	evidence keyIndex           // keys released or renewed
	lockKeys map[[2]string]bool // identity and family -> lock key (judgeLockKeys)
}

// Report reports d for pass's analyzer unless a suppression directive
// silences it: the one funnel every finding goes through.
func (m *Model) Report(pass *analysis.Pass, d analysis.Diagnostic) { m.directives.Report(pass, d) }

// CheckDirectives reports the suppression directives of the package that
// are pass's analyzer's to report (see suppress.Directives.CheckDirectives).
func (m *Model) CheckDirectives(pass *analysis.Pass) { m.directives.CheckDirectives(pass) }

// Where returns "file.go:line" of pos, for messages.
func (m *Model) Where(pos token.Pos) string { return analysisutil.Where(m.pass.Fset, pos) }

// KeyText returns op's key as written where it was built, for messages
// (RULES.md, "Analyzers"): a local assigned once is named by its value
// ("lock:" + name, not key); the key of a helper's command judged through
// its calls is the caller's key, with the call; a parameter says whose.
func (m *Model) KeyText(op *Op) string {
	if op.Key == nil {
		if arg := singleKeyArg(op); arg != nil {
			return op.Via.Wrapper + " builds from " + m.argText(arg, op.Func)
		}
		return "the key"
	}
	key := m.builtFrom(op.Key, 0)
	if v := m.paramOf(key); v != nil {
		if p := m.ProvingCall(op); p != nil && p.Key != nil && m.paramOf(m.builtFrom(p.Key, 0)) == nil {
			return m.KeyText(p) + " (passed by " + p.Func.Name() + " at " + m.Where(p.Pos()) + ")"
		}
		// Not "lock key key": the key was built by the caller.
		return "passed to " + op.Func.Name() + " as " + v.Name()
	}
	return m.Text(key)
}

// argText names an argument a wrapper builds a key from: its text as
// built, and whose parameter it is.
func (m *Model) argText(arg ast.Expr, fn *Func) string {
	e := m.builtFrom(arg, 0)
	if v := m.paramOf(e); v != nil {
		return v.Name() + ", a parameter of " + fn.Name()
	}
	return m.Text(e)
}

// builtFrom returns the expression a local key variable was built from,
// following locals assigned once.
func (m *Model) builtFrom(e ast.Expr, depth int) ast.Expr {
	if init := m.Env.LocalInit(e); init != nil && depth < 4 && m.paramOf(e) == nil {
		return m.builtFrom(init, depth+1)
	}
	return e
}

// paramOf returns the parameter of the enclosing function e names, or nil.
func (m *Model) paramOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := m.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || !m.keys.IsParam(v) {
		return nil
	}
	return v
}

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
