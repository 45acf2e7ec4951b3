package redisapi

import (
	"go/ast"
	"go/types"
)

// luaCall reads rueidis/valkey-go (*Lua).Exec(ctx, client, keys, args)
// and ExecMulti(ctx, client, LuaExec{Keys: ..., Args: ...}) with one
// literal LuaExec; the source comes from NewLuaScript(src) as for go-redis
// scripts. Several LuaExec run the script on several key sets: unjudged.
func (env *Env) luaCall(c *Call, call *ast.CallExpr, fn *types.Func) bool {
	args := call.Args
	var keys, argv ast.Expr
	switch {
	case fn.Name() == "Exec" && len(args) == 4:
		keys, argv = args[2], args[3]
	case fn.Name() == "ExecMulti" && len(args) == 3 && !call.Ellipsis.IsValid():
		fields, ok := env.compositeFields(args[2])
		if !ok {
			return false
		}
		keys, argv = fields["Keys"], fields["Args"]
	default:
		return false
	}
	src, _, known := env.scriptSource(c.Client)
	c.Kind, c.Command, c.Ctx, c.Client = Script, "EVALSHA", args[0], args[1]
	c.Script = &ScriptCall{Source: src, Known: known}
	c.Keys, _ = env.sliceLiteral(keys)
	c.Key = c.KeyAt(1)
	c.Script.Args, c.Script.ArgsComplete = env.sliceLiteral(argv)
	return true
}

// sliceLiteral returns the elements of a slice literal (directly or
// through a local assigned once) and whether e is one: an empty literal
// is all the arguments there are, a slice built elsewhere is not known.
func (env *Env) sliceLiteral(e ast.Expr) ([]ast.Expr, bool) {
	if e == nil {
		return nil, false
	}
	if init := env.LocalInit(e); init != nil {
		e = init
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	for _, elt := range lit.Elts {
		if _, ok := elt.(*ast.KeyValueExpr); ok {
			return nil, false
		}
	}
	return lit.Elts, true
}
