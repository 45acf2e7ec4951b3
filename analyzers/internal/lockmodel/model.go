package lockmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/getcompare"
	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/lockkey"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/redisop"
	"github.com/leasevet/leasevet/analyzers/internal/summary"
	"github.com/leasevet/leasevet/analyzers/internal/suppress"
	"golang.org/x/tools/go/analysis"
)

// A Model is what leasevet knows about the Redis commands of one package.
// A nil *Model means the package reaches no Redis client.
//
// The model carries the parts built from the ops, each owned by a package
// of its own, so that the analyzers ask the model: the suppression
// directives they report through (m.Report, package suppress), the links
// between a wrapper's commands and its calls (m.Origin, package summary),
// the lock-key judge (m.IsLockKey, package lockkey) and the check-then-act
// finder (m.GetCompares, package getcompare).
type Model struct {
	*suppress.Directives
	*summary.Links
	*lockkey.Judge
	GetCompares *getcompare.Finder // check-then-act owner checks and WATCH transactions

	Pass  *analysis.Pass
	Env   *rediscall.Env
	Keys  *keyid.Resolver
	Funcs []*redisop.Func
	Ops   []*redisop.Op // every op of every function, in source order

	summaries *summary.Table // while the model is built
	lockNames lockkey.Namer  // for the families of lock API keys
}

// Where returns "file.go:line" of pos, for messages.
func (m *Model) Where(pos token.Pos) string { return analysisutil.Where(m.Pass.Fset, pos) }

// KeyText returns op's key as written where it was built, for messages
// (RULES.md, "Analyzers"): a local assigned once is named by its value
// ("lock:" + name, not key); the key of a helper's command judged through
// its calls is the caller's key, with the call; a parameter says whose.
func (m *Model) KeyText(op *redisop.Op) string {
	if op.Key == nil {
		if arg := summary.SingleKeyArg(op); arg != nil {
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
func (m *Model) argText(arg ast.Expr, fn *redisop.Func) string {
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
	v, ok := m.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || !m.Keys.IsParam(v) {
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
func (m *Model) FuncOf(obj *types.Func) *redisop.Func {
	for _, fn := range m.Funcs {
		if fn.Obj == obj {
			return fn
		}
	}
	return nil
}
