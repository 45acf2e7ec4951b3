package rediscall

import (
	"go/ast"
	"go/types"
	"strings"
)

// goZeroCall reads go-zero's *redis.Redis methods (Setnx, SetnxEx,
// Expire, Del, Get, Eval, EvalSha, ScriptRun, ... and their ...Ctx forms,
// which take a context first) and routes RedisLock, which lives in the
// same package, to the lock library rows.
func (env *Env) goZeroCall(c *Call, call *ast.CallExpr, fn *types.Func) bool {
	if !isMethod(fn) || recvTypeName(fn) != "Redis" {
		return false
	}
	name, hasCtx := strings.CutSuffix(fn.Name(), "Ctx")
	row, ok := GoZeroMethod(name)
	if !ok {
		return false
	}
	args := call.Args
	if hasCtx {
		if len(args) == 0 {
			return false
		}
		c.Ctx, args = args[0], args[1:]
	}
	c.Method = fn.Name()
	env.applyRow(c, row, args, call.Ellipsis.IsValid())
	switch name {
	case "Eval", "EvalSha":
		env.evalCall(c, args)
	case "ScriptRun":
		env.goZeroScriptRun(c, args)
	}
	return true
}

// goZeroScriptRun reads ScriptRun(script, keys, args...), where script is
// a *redis.Script made by redis.NewScript(src).
func (env *Env) goZeroScriptRun(c *Call, args []ast.Expr) {
	if len(args) < 2 {
		c.Kind = KindOther
		return
	}
	src, _, known := env.ScriptSource(args[0])
	c.Script = &ScriptCall{Source: src, Known: known, Script: args[0], Object: true, KeysExpr: args[1]}
	c.KeyExprs, _ = env.SliceLiteral(args[1])
	c.KeyExpr = c.KeyAt(1)
}

// goZeroLockCall reads the calls of go-zero's RedisLock, whose Release
// reports a lock that is no longer held as (false, nil).
func (env *Env) goZeroLockCall(call *ast.CallExpr, fn *types.Func) *Call {
	c := env.lockLibraryCall(call, fn, "gozero")
	if c != nil {
		c.Client = GoZero
	}
	return c
}
