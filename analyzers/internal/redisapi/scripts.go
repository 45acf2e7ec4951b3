package redisapi

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// evalCall reads Eval(ctx, src, keys, args...) and EvalSha(ctx, sha, keys, args...).
func (env *Env) evalCall(c *Call, args []ast.Expr, spread bool) {
	if len(args) < 2 {
		c.Kind = KindOther
		return
	}
	c.Script = &ScriptCall{Args: args[2:], ArgsComplete: !spread, Script: args[0], KeysExpr: args[1]}
	c.Script.Sha = strings.HasPrefix(c.Method, "EvalSha")
	c.Script.Source, c.Script.Known = env.ScriptArg(args[0], c.Script.Sha)
	c.Keys = env.SliceElems(args[1])
	c.Key = c.KeyAt(1)
}

// ScriptArg returns the Lua source an Eval argument (sha false) or an
// EvalSha argument (sha true) stands for.
func (env *Env) ScriptArg(e ast.Expr, sha bool) (string, bool) {
	if sha {
		return env.hashedScript(e)
	}
	return env.ConstString(e)
}

// hashedScript resolves an EvalSha argument: script.Hash(), or a variable
// that only ever holds the SHA1 SCRIPT LOAD returned for one script.
func (env *Env) hashedScript(e ast.Expr) (string, bool) {
	if src, ok := env.loadedScript(e); ok {
		return src, true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Hash" {
		return "", false
	}
	src, _, ok := env.scriptSource(sel.X)
	return src, ok
}

// scriptObjectCall reads go-redis (*Script).Run(ctx, client, keys, args...).
func (env *Env) scriptObjectCall(c *Call, call *ast.CallExpr, args []ast.Expr) bool {
	cmd, ok := scriptObjectMethods[c.Method]
	if !ok || len(args) < 2 {
		return false
	}
	src, _, known := env.scriptSource(c.Client)
	c.Kind, c.Command = Script, cmd
	c.Script = &ScriptCall{Source: src, Known: known, Args: args[2:], ArgsComplete: !call.Ellipsis.IsValid()}
	c.Client = args[0]
	c.Queued = env.isPipeline(args[0])
	c.Keys = env.SliceElems(args[1])
	c.Key = c.KeyAt(1)
	return true
}

// scriptSource resolves a script object expression to its Lua source and,
// for redigo, its key count: NewScript(src) directly, or through a
// package-level or single-assignment local variable.
func (env *Env) scriptSource(x ast.Expr) (string, int, bool) {
	for range 4 { // variable chains are short; the bound guards against cycles
		if x == nil {
			return "", 0, false
		}
		if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
			return env.newScriptSource(call)
		}
		next := env.Init(x)
		if next == nil {
			next = env.LocalInit(x)
		}
		x = next
	}
	return "", 0, false
}

// newScriptSource reads redis.NewScript(src) (go-redis) and
// redis.NewScript(keyCount, src) (redigo).
func (env *Env) newScriptSource(call *ast.CallExpr) (string, int, bool) {
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !IsClientPackage(fn.Pkg().Path()) {
		return "", 0, false
	}
	switch {
	case (fn.Name() == "NewScript" || fn.Name() == "NewScriptServerSHA") && len(call.Args) == 1:
		src, ok := env.ConstString(call.Args[0])
		return src, -1, ok
	case luaConstructors[fn.Name()] && len(call.Args) >= 1:
		src, ok := env.ConstString(call.Args[0]) // rueidis.NewLuaScript(src, opts...)
		return src, -1, ok
	case fn.Name() == "NewScript" && len(call.Args) == 2:
		n, okN := env.ConstInt(call.Args[0])
		src, okS := env.ConstString(call.Args[1])
		return src, int(n), okN && okS
	}
	return "", 0, false
}

// SliceElems returns the elements of a []string{...} literal, directly or
// through a single-assignment local.
func (env *Env) SliceElems(e ast.Expr) []ast.Expr {
	if e == nil {
		return nil
	}
	if init := env.LocalInit(e); init != nil {
		e = init
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, elt := range lit.Elts {
		if _, ok := elt.(*ast.KeyValueExpr); ok {
			return nil
		}
	}
	return lit.Elts
}

// genericCall reads Do(ctx, "set", key, value, "NX", "PX", 30000) and the
// same string commands sent through redigo.
func (env *Env) genericCall(c *Call, args []ast.Expr, spread bool) bool {
	if len(args) == 0 || spread {
		return false
	}
	name, ok := env.ConstString(args[0])
	if !ok {
		return false
	}
	rest := args[1:]
	row, ok := genericCommands[strings.ToLower(name)]
	if !ok {
		c.Kind, c.Command = KindOther, strings.ToUpper(name)
		return true
	}
	env.applyRow(c, row, rest, false)
	c.Method = c.Method + "(" + `"` + name + `"` + ")"
	switch row.command {
	case "SET":
		env.setOptions(c, rest)
	case "DELEX":
		env.delexOptions(c, rest)
	case "EVAL", "EVALSHA":
		env.genericScript(c, row.command, rest)
	}
	return true
}

// setOptions parses the options of SET k v [NX|XX|IFEQ v] [PX|EX|PXAT|EXAT n] [KEEPTTL] [GET].
// An option that is not a constant makes the call unknown.
func (env *Env) setOptions(c *Call, rest []ast.Expr) {
	c.TTLIs = NoTTL
	for i := 2; i < len(rest); i++ {
		opt, ok := env.ConstString(rest[i])
		if !ok {
			c.Kind, c.TTLIs = KindOther, TTLUnknown
			return
		}
		switch strings.ToUpper(opt) {
		case "NX":
			c.Kind, c.NX, c.Command = Acquire, true, "SET NX"
		case "PX", "EX", "PXAT", "EXAT":
			if i+1 < len(rest) {
				c.TTL, c.TTLIs, c.TTLAt = rest[i+1], HasTTL, strings.HasSuffix(strings.ToUpper(opt), "AT")
				i++
			}
		case "IFEQ":
			if i+1 < len(rest) {
				c.Kind, c.Match, c.Command = CondSet, rest[i+1], "SET IFEQ"
				i++
			}
		case "KEEPTTL":
			c.TTLIs = TTLUnknown
		case "XX", "GET":
		default:
			c.Kind, c.TTLIs = KindOther, TTLUnknown
			return
		}
	}
}

// delexOptions parses DELEX key [IFEQ v | IFNE v | IFDEQ d | IFDNE d].
func (env *Env) delexOptions(c *Call, rest []ast.Expr) {
	if len(rest) < 3 {
		return // no condition: an unconditional delete
	}
	opt, ok := env.ConstString(rest[1])
	if ok && strings.EqualFold(opt, "IFEQ") {
		c.Kind, c.Match, c.Command = CondDelete, rest[2], "DELEX IFEQ"
		return
	}
	c.Kind = KindOther
}

// genericScript parses EVAL src numkeys key... arg... sent as a string command.
func (env *Env) genericScript(c *Call, command string, rest []ast.Expr) {
	c.Kind = KindOther
	if len(rest) < 2 {
		return
	}
	n, ok := env.ConstInt(rest[1])
	if !ok || n < 0 || int(n) > len(rest)-2 {
		return
	}
	c.Kind = Script
	c.Keys = rest[2 : 2+n]
	c.Key = c.KeyAt(1)
	c.Script = &ScriptCall{Args: rest[2+n:], ArgsComplete: true}
	if command == "EVAL" {
		c.Script.Source, c.Script.Known = env.ConstString(rest[0])
	}
}
