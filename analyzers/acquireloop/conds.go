package acquireloop

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"golang.org/x/tools/go/types/typeutil"
)

// A condJudge says which branches of a retry loop go one way for as long
// as the lock is held: those decided by the acquire's answer (ok, err,
// the reply) or by what the caller passed in (a parameter, the receiver,
// a field of either) that the loop never changes. Such a branch that
// skips the pause skips it on every attempt. A branch on anything else (a
// counter, a flag the loop sets, a method's result) may change from one
// attempt to the next.
type condJudge struct {
	info     *types.Info
	answer   map[*types.Var]bool   // the acquire's result variables and its answer error
	params   map[*types.Var]bool   // the function's parameters and receiver
	assigned map[*types.Var]bool   // variables the loop assigns, increments or takes the address of
	tags     map[ast.Node]ast.Expr // switch case values and the tag they are compared with
}

func newCondJudge(info *types.Info, loop *ast.ForStmt, sig *types.Signature, answer map[*types.Var]bool) condJudge {
	j := condJudge{info: info, answer: answer, params: map[*types.Var]bool{}, assigned: map[*types.Var]bool{}, tags: map[ast.Node]ast.Expr{}}
	if r := sig.Recv(); r != nil {
		j.params[r] = true
	}
	for v := range sig.Params().Variables() {
		j.params[v] = true
	}
	j.collect(loop)
	return j
}

// collect records what the loop writes and the tags of its switches.
func (j condJudge) collect(loop *ast.ForStmt) {
	mark := func(e ast.Expr) {
		if v := analysisutil.RootVar(j.info, e); v != nil {
			j.assigned[v] = true
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.RangeStmt:
			mark(n.Key)
			mark(n.Value)
		case *ast.SwitchStmt:
			j.caseTags(n)
		}
		return true
	})
}

func (j condJudge) caseTags(s *ast.SwitchStmt) {
	if s.Tag == nil {
		return
	}
	for _, cl := range s.Body.List {
		for _, e := range cl.(*ast.CaseClause).List {
			j.tags[e] = s.Tag
		}
	}
}

// decides reports whether the branch on cond goes the same way on every
// attempt while the lock is held: cond (with its switch tag) reads the
// answer or the caller's values, and nothing that may change otherwise.
func (j condJudge) decides(cond ast.Expr) bool {
	driven, opaque := false, false
	for _, x := range []ast.Expr{cond, j.tags[cond]} {
		if x != nil {
			d, o := j.reads(x)
			driven, opaque = driven || d, opaque || o
		}
	}
	return driven && !opaque
}

// reads walks e: driven when it reads the answer or a caller's value,
// opaque when it reads anything else that may change between attempts (a
// local the loop changes, a method's result).
func (j condJudge) reads(e ast.Expr) (driven, opaque bool) {
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			opaque = true
		case *ast.CallExpr:
			if !j.plainCall(n) {
				opaque = true
			}
		case *ast.SelectorExpr:
			if s, ok := j.info.Selections[n]; ok && s.Kind() == types.FieldVal {
				ast.Inspect(n.X, func(m ast.Node) bool { return j.ident(m, &driven, &opaque) })
				return false // the field name is not a variable of its own
			}
		case *ast.Ident:
			j.ident(n, &driven, &opaque)
		}
		return !opaque
	})
	return driven, opaque
}

func (j condJudge) ident(n ast.Node, driven, opaque *bool) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	v, ok := j.info.Uses[id].(*types.Var)
	switch {
	case !ok, isPackageVar(v) && !j.assigned[v]:
		// constants, nil, types, packages, functions; package variables
		// (sentinel errors such as redis.Nil) that the loop leaves alone
	case j.answer[v], j.params[v] && !j.assigned[v]:
		*driven = true
	default:
		*opaque = true
	}
	return true
}

// plainCall reports whether call is a conversion, a builtin or a
// function (not a method) whose result depends on its arguments:
// errors.Is(err, redis.Nil), rueidis.IsRedisNil(err), len(s).
func (j condJudge) plainCall(call *ast.CallExpr) bool {
	if tv, ok := j.info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	fn, ok := typeutil.Callee(j.info, call).(*types.Func)
	return ok && fn.Signature().Recv() == nil
}

func isPackageVar(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}
