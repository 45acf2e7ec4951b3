package rediscall

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
	var keys ast.Expr
	switch {
	case fn.Name() == "Exec" && len(args) == 4:
		keys = args[2]
	case fn.Name() == "ExecMulti" && len(args) == 3 && !call.Ellipsis.IsValid():
		fields, ok := env.CompositeFields(args[2])
		if !ok {
			return false
		}
		keys = fields["Keys"]
	default:
		return false
	}
	src, _, known := env.ScriptSource(c.ClientExpr)
	c.Script = &ScriptCall{Source: src, Known: known, Script: c.ClientExpr, Object: true}
	if fn.Name() == "Exec" {
		c.Script.KeysExpr = keys
	}
	c.Kind, c.Command, c.Ctx, c.ClientExpr = Script, "EVALSHA", args[0], args[1]
	c.KeyExprs, _ = env.SliceLiteral(keys)
	c.KeyExpr = c.KeyAt(1)
	return true
}
