package rediscall

import (
	"go/ast"
	"go/types"
	"strings"
)

// goFrameMethods maps the methods of GoFrame's gredis to what they send:
// *gredis.Redis has them from the group interfaces it embeds
// (IGroupString, IGroupGeneric, IGroupScript), so a call resolves to the
// interface's method whatever the receiver. Positions count after the
// context. Expire and SetEX take int64 seconds, PExpire milliseconds.
var goFrameMethods = map[string]CommandRow{
	// SetNX(ctx, key, value) sends SETNX: it takes no TTL, so lock code
	// written with it sets the expiry in a second command.
	"SetNX": genericCommands["setnx"],
	// Set(ctx, key, value, ...SetOption): NX, XX and TTLOption{EX, PX,
	// EXAT, PXAT, KeepTTL} are read by goFrameSetOption.
	"Set":       {Kind: Set, Command: "SET", Key: 0, Value: 1, TTL: -1, Args: 2, Fn: -1, Match: -1},
	"SetEX":     {Kind: Set, Command: "SETEX", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, Match: -1},
	"GetSet":    {Kind: Set, Command: "GETSET", Key: 0, Value: 1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"Get":       genericCommands["get"],
	"GetDel":    genericCommands["getdel"],
	"Del":       genericCommands["del"],
	"Unlink":    genericCommands["unlink"],
	"Expire":    genericCommands["expire"],
	"PExpire":   genericCommands["pexpire"],
	"ExpireAt":  genericCommands["expireat"],
	"PExpireAt": genericCommands["pexpireat"],
	// Eval(ctx, script, numKeys, keys, args) and EvalSha: the keys and the
	// arguments are slices, read by goFrameEval.
	"Eval":    {Kind: Script, Command: "EVAL", Key: 2, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"EvalSha": {Kind: Script, Command: "EVALSHA", Key: 2, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
}

// goFrameGeneric are the gredis methods that send a string command:
// Do(ctx, "SET", key, value, "NX", "EX", 30) on *gredis.Redis, an
// Adapter or a Conn, and MustDo, which panics instead of returning the
// error.
var goFrameGeneric = map[string]bool{"Do": true, "MustDo": true}

// GoFrameMethod returns the row of a method of GoFrame's gredis.
func GoFrameMethod(name string) (CommandRow, bool) { return lookup(goFrameMethods, name) }

// goFrameCall reads a gredis method call.
func (env *Env) goFrameCall(c *Call, call *ast.CallExpr, fn *types.Func) bool {
	if !isMethod(fn) || len(call.Args) == 0 {
		return false
	}
	c.Ctx = call.Args[0]
	args, spread := call.Args[1:], call.Ellipsis.IsValid()
	if goFrameGeneric[fn.Name()] {
		return env.genericCall(c, args, spread)
	}
	row, ok := GoFrameMethod(fn.Name())
	if !ok {
		return false
	}
	env.applyRow(c, row, args, spread)
	switch fn.Name() {
	case "Set":
		env.goFrameSetOption(c, args, spread)
	case "Eval", "EvalSha":
		env.goFrameEval(c, args)
	}
	return true
}

// goFrameEval reads Eval(ctx, src, numKeys, keys, args) and EvalSha(ctx,
// sha, numKeys, keys, args).
func (env *Env) goFrameEval(c *Call, args []ast.Expr) {
	if len(args) < 3 {
		c.Kind = KindOther
		return
	}
	c.Script = &ScriptCall{Script: args[0], KeysExpr: args[2], Sha: c.Method == "EvalSha"}
	c.Script.Source, c.Script.Known = env.ScriptArg(args[0], c.Script.Sha)
	c.KeyExprs = env.SliceElems(args[2])
	c.KeyExpr = c.KeyAt(1)
}

// goFrameSetOption reads the SetOption of Set: NX makes an acquire, XX a
// write of a key that exists, and its TTLOption the expiry. With no
// option Set is a plain SET; an option that is not a literal (directly or
// through a variable assigned once) leaves the call unjudged.
func (env *Env) goFrameSetOption(c *Call, args []ast.Expr, spread bool) {
	c.TTLIs = NoTTL
	opt := argAt(args, 2)
	if opt == nil {
		return
	}
	fields, ok := env.goFrameFields(opt)
	if spread || !ok {
		c.Kind, c.TTLIs, c.Options = KindOther, TTLUnknown, opt
		return
	}
	for _, flag := range []string{"NX", "XX", "Get"} {
		if v, set := fields[flag]; set {
			if _, known := env.ConstBool(v); !known {
				c.Kind, c.TTLIs = KindOther, TTLUnknown
				return
			}
		}
	}
	switch {
	case env.isTrue(fields["NX"]):
		c.Kind, c.NX, c.Command = Acquire, true, "SET NX"
	case env.isTrue(fields["XX"]):
		c.Command = "SET XX"
	}
	if ttl, ok := fields["TTLOption"]; ok {
		env.goFrameTTLOption(c, ttl)
	}
}

// goFrameTTLOption reads TTLOption{EX, PX, EXAT, PXAT *int64; KeepTTL bool}.
func (env *Env) goFrameTTLOption(c *Call, e ast.Expr) {
	fields, ok := env.goFrameFields(e)
	if !ok {
		c.TTLIs = TTLUnknown
		return
	}
	for _, name := range []string{"EX", "PX", "EXAT", "PXAT"} {
		if v, ok := fields[name]; ok && !isNilIdent(env.Info, v) {
			c.TTL, c.TTLIs, c.TTLAt = v, HasTTL, strings.HasSuffix(name, "AT")
		}
	}
	if v, ok := fields["KeepTTL"]; ok && c.TTLIs == NoTTL {
		if keep, known := env.ConstBool(v); !known || keep {
			c.TTLIs = TTLUnknown
		}
	}
}

// goFrameFields returns the fields of a SetOption or TTLOption literal,
// written in place or held in a local or package variable assigned once.
func (env *Env) goFrameFields(e ast.Expr) (map[string]ast.Expr, bool) {
	if init := env.LocalInit(e); init != nil {
		e = init
	} else if init := env.PackageInit(e); init != nil {
		e = init
	}
	return env.CompositeFields(e)
}

// isTrue reports whether e is the constant true.
func (env *Env) isTrue(e ast.Expr) bool {
	v, ok := env.ConstBool(e)
	return ok && v
}

func isNilIdent(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.Uses[id].(*types.Nil)
	return isNil
}
