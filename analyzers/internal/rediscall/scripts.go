package rediscall

import (
	"go/ast"
	"strings"
)

// evalCall reads Eval(ctx, src, keys, args...) and EvalSha(ctx, sha, keys, args...).
func (env *Env) evalCall(c *Call, args []ast.Expr) {
	if len(args) < 2 {
		c.Kind = KindOther
		return
	}
	c.Script = &ScriptCall{Script: args[0], KeysExpr: args[1]}
	c.Script.Sha = strings.HasPrefix(c.Method, "EvalSha")
	c.Script.Source, c.Script.Known = env.ScriptArg(args[0], c.Script.Sha)
	c.KeyExprs = env.SliceElems(args[1])
	c.KeyExpr = c.KeyAt(1)
	c.Script.Args = argv(c.Expr, args[2:])
}

// scriptObjectCall reads go-redis (*Script).Run(ctx, client, keys, args...).
func (env *Env) scriptObjectCall(c *Call, args []ast.Expr) bool {
	cmd, ok := ScriptObjectCommand(c.Method)
	if !ok || len(args) < 2 {
		return false
	}
	src, _, known := env.ScriptSource(c.ClientExpr)
	c.Kind, c.Command = Script, cmd
	c.Script = &ScriptCall{Source: src, Known: known, Script: c.ClientExpr, Object: true, KeysExpr: args[1]}
	c.ClientExpr = args[0]
	c.Queued = env.isPipeline(args[0])
	c.KeyExprs = env.SliceElems(args[1])
	c.KeyExpr = c.KeyAt(1)
	c.Script.Args = argv(c.Expr, args[2:])
	return true
}

// genericCall reads Do(ctx, "set", key, value, "NX", "PX", 30000) and the
// same string commands sent through redigo.
func (env *Env) genericCall(c *Call, args []ast.Expr, spread bool) bool {
	if len(args) == 0 || spread {
		return false
	}
	name, ok := env.word(args[0])
	if !ok {
		return false
	}
	rest := args[1:]
	row, ok := GenericCommand(strings.ToLower(name))
	if !ok {
		c.Kind, c.Command = KindOther, strings.ToUpper(name)
		return true
	}
	env.applyRow(c, row, rest, false)
	c.Method = c.Method + "(" + `"` + name + `"` + ")"
	switch row.Command {
	case "SET":
		env.setOptions(c, rest)
	case "DELEX":
		env.delexOptions(c, rest)
	case "EVAL", "EVALSHA":
		env.genericScript(c, row.Command, rest)
	}
	return true
}

// word returns the command name or option word e spells: a constant, or
// a local or field that holds one (cmd := "SETNX"; see HeldString).
func (env *Env) word(e ast.Expr) (string, bool) { return env.HeldString(e) }

// setOptions parses the options of SET k v [NX|XX|IFEQ v] [PX|EX|PXAT|EXAT n] [KEEPTTL] [GET].
// An option that is not a constant makes the call unknown.
func (env *Env) setOptions(c *Call, rest []ast.Expr) {
	c.TTLIs = NoTTL
	for i := 2; i < len(rest); i++ {
		opt, ok := env.word(rest[i])
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
	opt, ok := env.word(rest[1])
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
	c.KeyExprs = rest[2 : 2+n]
	c.KeyExpr = c.KeyAt(1)
	c.Script = &ScriptCall{Script: rest[0], Sha: command == "EVALSHA", Args: argv(c.Expr, rest[2+n:])}
	c.Script.Source, c.Script.Known = env.ScriptArg(rest[0], c.Script.Sha)
}
