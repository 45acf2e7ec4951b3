package setnxexpire

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// optionalTTL reports whether exp, the expire after a SETNX, is sent
// only when its TTL is given: inside an if (or a conjunct of its
// condition) that tests a variable of the TTL expression against zero
// (`if ok && ttl > 0`, `if d != 0`). Then a key with no TTL is a state the
// code makes on purpose, as a cache's set-if-absent with an optional
// duration does (0: never expires), and a crash between the commands
// leaves that state, not a lock no one can take.
//
// An expire sent by a same-package helper (func touch(key string, secs
// int) { rdb.Expire(ctx, key, time.Duration(secs)*time.Second) }) is
// optional at a call inside such an if on the argument the helper's TTL
// is computed from, or when the helper's own expire is.
func optionalTTL(m *lockmodel.Model, exp *lockmodel.Op) bool {
	return optionalAt(m, exp, 0)
}

// maxHelperDepth bounds the helpers optionalAt follows a TTL through.
const maxHelperDepth = 8

func optionalAt(m *lockmodel.Model, exp *lockmodel.Op, depth int) bool {
	vars := ttlVars(m, exp, depth)
	for i := len(exp.Stack) - 1; i > 0; i-- {
		ifs, ok := exp.Stack[i-1].(*ast.IfStmt)
		if ok && exp.Stack[i] == ifs.Body && testsNonZero(m.Env.Info, ifs.Cond, vars) {
			return true
		}
	}
	o := m.Origin(exp)
	return o != nil && depth < maxHelperDepth && optionalAt(m, o, depth+1)
}

// ttlVars returns the variables exp's TTL is computed from where exp is
// sent: those its TTL expression reads (varsOf), or, for the call of a
// same-package helper, those of the arguments passed for the helper's
// parameters its own TTL is computed from. Nil when unknown.
func ttlVars(m *lockmodel.Model, exp *lockmodel.Op, depth int) map[*types.Var]bool {
	if exp.Via == nil {
		if exp.TTL == nil {
			return nil
		}
		return varsOf(m.Env, exp.TTL)
	}
	o := m.Origin(exp)
	call, ok := ast.Unparen(exp.Expr).(*ast.CallExpr)
	if o == nil || !ok || depth >= maxHelperDepth {
		return nil
	}
	inner := ttlVars(m, o, depth+1)
	params := o.Func.Obj.Signature().Params()
	n := params.Len()
	if o.Func.Obj.Signature().Variadic() {
		n-- // the variadic parameter's arguments are not one expression
	}
	vars := map[*types.Var]bool{}
	for i := 0; i < n && i < len(call.Args); i++ {
		if inner[params.At(i)] {
			maps.Copy(vars, varsOf(m.Env, call.Args[i]))
		}
	}
	return vars
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

// varsOf returns the local variables and parameters e reads, and those
// read by the one value of each local it reads that is assigned once
// (ms := d.Milliseconds(): a test of d guards ms too).
func varsOf(env *rediscall.Env, e ast.Expr) map[*types.Var]bool {
	vars := map[*types.Var]bool{}
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := env.Info.Uses[id].(*types.Var)
			if !ok || vars[v] || !isLocal(v) {
				return true
			}
			vars[v] = true
			if init := env.LocalInit(id); init != nil {
				visit(init)
			}
			return true
		})
	}
	visit(e)
	return vars
}
