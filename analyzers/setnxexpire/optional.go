package setnxexpire

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

// optionalTTL reports whether exp, the expire after a SETNX, is sent
// only when its TTL is given: inside an if (or a conjunct of its
// condition) that tests a variable of the TTL expression against zero
// (`if ok && ttl > 0`, `if d != 0`). Then a key with no TTL is a state the
// code makes on purpose, as a cache's set-if-absent with an optional
// duration does (0: never expires), and a crash between the commands
// leaves that state, not a lock no one can take.
//
// An expire sent by a helper, of this package or another (func
// touch(key string, secs int) { rdb.Expire(ctx, key,
// time.Duration(secs)*time.Second) }), is optional at a call inside such
// an if on the argument the helper's TTL is computed from
// (lockmodel.Model.TTLVars), or, for a helper of this package, when the
// helper's own expire is.
func optionalTTL(m *lockmodel.Model, exp *lockmodel.Op) bool {
	return optionalAt(m, exp, 0)
}

// maxHelperDepth bounds the helpers optionalAt follows a TTL through.
const maxHelperDepth = 8

func optionalAt(m *lockmodel.Model, exp *lockmodel.Op, depth int) bool {
	vars := m.TTLVars(exp)
	for i := len(exp.Stack) - 1; i > 0; i-- {
		ifs, ok := exp.Stack[i-1].(*ast.IfStmt)
		if ok && exp.Stack[i] == ifs.Body && testsNonZero(m.Env.Info, ifs.Cond, vars) {
			return true
		}
	}
	o := m.Origin(exp)
	return o != nil && depth < maxHelperDepth && optionalAt(m, o, depth+1)
}

// testsNonZero reports whether cond, or a conjunct of it, is x > 0,
// x != 0 or 0 < x for an x that reads one of vars.
func testsNonZero(info *types.Info, cond ast.Expr, vars map[*types.Var]bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return testsNonZero(info, b.X, vars) || testsNonZero(info, b.Y, vars)
	case token.GTR, token.NEQ:
		return isZero(info, b.Y) && readsAny(info, b.X, vars)
	case token.LSS:
		return isZero(info, b.X) && readsAny(info, b.Y, vars)
	}
	return false
}

// isZero reports whether e is the integer constant 0.
func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
}

// readsAny reports whether e reads one of vars.
func readsAny(info *types.Info, e ast.Expr, vars map[*types.Var]bool) bool {
	return analysisutil.Find(e, func(n ast.Node) (bool, bool) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return false, true
		}
		v, _ := info.Uses[id].(*types.Var)
		return v != nil && vars[v], true
	})
}
