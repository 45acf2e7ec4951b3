package rediscall

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
	"golang.org/x/tools/go/types/typeutil"
)

// builderCall reads the calls of the rueidis/valkey-go client package:
// Do, DoCache and DoStream send one command, (*Lua).Exec and ExecMulti run
// a script. DoMulti is read at the Build calls of its commands (see
// builderStepCall), since one call expression sends several commands.
func (env *Env) builderCall(c *redisapi.Call, call *ast.CallExpr, fn *types.Func) bool {
	c.Builder = true
	if recvTypeName(fn) == "Lua" {
		return env.luaCall(c, call, fn)
	}
	switch fn.Name() {
	case "Do", "DoCache", "DoStream":
	default:
		return false
	}
	if !isMethod(fn) || len(call.Args) < 2 {
		return false
	}
	ch := env.chainOf(call.Args[1])
	if ch == nil {
		return false
	}
	c.Ctx = call.Args[0]
	env.applyChain(c, ch)
	return true
}

// builderStepCall reads the Build call of a command sent by DoMulti (a
// pipeline: its commands run whether or not the one before succeeded).
// Any other Build call is read at the Do that sends it, or not at all.
func (env *Env) builderStepCall(call *ast.CallExpr, fn *types.Func) *redisapi.Call {
	if redisapi.BuilderStepOf(fn.Name()) != redisapi.StepEnd {
		return nil
	}
	multi := env.multiSender(call)
	if multi == nil {
		return nil
	}
	ch := env.readChain(call)
	if ch == nil {
		return nil
	}
	c := &redisapi.Call{Expr: call, Func: fn, Method: fn.Name(), Builder: true, Queued: true}
	if len(multi.Args) > 0 {
		c.Ctx = multi.Args[0]
	}
	env.applyChain(c, ch)
	return c
}

// chainOf resolves the command argument of Do: a chain written inline, or
// a local assigned a chain once (cmd := c.B()...Build(); c.Do(ctx, cmd)).
func (env *Env) chainOf(arg ast.Expr) *redisapi.BuilderChain {
	inline := true
	if init := env.LocalInit(arg); init != nil {
		arg, inline = init, false
	}
	end, ok := ast.Unparen(arg).(*ast.CallExpr)
	if !ok {
		return nil
	}
	ch := env.readChain(end)
	if ch != nil {
		ch.Inline = inline
	}
	return ch
}

// readChain walks from the end of a chain back to the Builder step that
// names the command, through locals assigned once (b := c.B()). It
// returns nil when a link is not a builder step.
func (env *Env) readChain(end *ast.CallExpr) *redisapi.BuilderChain {
	ch := &redisapi.BuilderChain{End: end}
	var x ast.Expr = end
	for range 64 { // chains are short; the bound guards against cycles
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			if x = env.LocalInit(x); x == nil {
				return nil
			}
			continue
		}
		fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
		sel, okSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !okSel || fn.Pkg() == nil || !redisapi.IsBuilderStepPackage(fn.Pkg().Path()) {
			return nil
		}
		ch.Steps = append(ch.Steps, redisapi.ChainStep{Name: fn.Name(), Call: call, Spread: call.Ellipsis.IsValid()})
		if recvTypeName(fn) == "Builder" {
			ch.Client = env.builderClient(sel.X)
			reverseSteps(ch.Steps)
			return ch
		}
		x = sel.X
	}
	return nil
}

// builderClient returns X of the X.B() call that made a Builder, or nil.
func (env *Env) builderClient(b ast.Expr) ast.Expr {
	if init := env.LocalInit(b); init != nil {
		b = init
	}
	call, ok := ast.Unparen(b).(*ast.CallExpr)
	if !ok {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "B" {
		return nil
	}
	return sel.X
}

func reverseSteps(s []redisapi.ChainStep) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// applyChain fills c from a chain: the command step names the command, the
// other steps its key, value, options and expiry.
func (env *Env) applyChain(c *redisapi.Call, ch *redisapi.BuilderChain) {
	c.Chain = ch
	if c.Client == nil || c.Expr == ch.End {
		c.Client = ch.Client
	}
	name, row, ok := redisapi.BuilderCommand(ch.Steps[0].Name)
	c.Method = ch.Steps[0].Name
	if !ok {
		c.Kind, c.Command = redisapi.KindOther, strings.ToUpper(name)
		return
	}
	c.Kind, c.Command, c.NX, c.TTLIs = row.Kind, row.Command, row.NX, redisapi.NoTTL
	if row.Kind == redisapi.Script {
		c.Script = &redisapi.ScriptCall{}
	}
	keysKnown := true
	for _, st := range ch.Steps[1:] {
		if st.Name == "Key" && st.Spread {
			keysKnown = false
		}
		env.applyStep(c, st)
	}
	if !keysKnown {
		c.Keys = nil
	}
	c.Key = c.KeyAt(1)
	if c.Script != nil && c.Key == nil {
		c.Script.Known = false // a script on keys we cannot see cannot be judged
	}
}

// applyStep adds one step's contribution to c (see redisapi's builder steps).
func (env *Env) applyStep(c *redisapi.Call, st redisapi.ChainStep) {
	role := redisapi.BuilderStepOf(st.Name)
	arg := argAt(st.Call.Args, 0)
	switch role {
	case redisapi.StepUnknown, redisapi.StepOtherCond:
		c.Kind, c.TTLIs = redisapi.KindOther, redisapi.TTLUnknown
	case redisapi.StepKey:
		c.Keys = append(c.Keys, st.Call.Args...)
	case redisapi.StepValue:
		env.applyValue(c, arg)
	case redisapi.StepNX:
		if c.Command == "SET" {
			c.Kind, c.NX, c.Command = redisapi.Acquire, true, "SET NX"
		}
	case redisapi.StepTTL, redisapi.StepTTLAt:
		c.TTL, c.TTLIs, c.TTLAt = arg, redisapi.HasTTL, role == redisapi.StepTTLAt
	case redisapi.StepKeepTTL:
		c.TTLIs = redisapi.TTLUnknown
	case redisapi.StepIfeq:
		env.applyIfeq(c, arg)
	case redisapi.StepScript, redisapi.StepSha, redisapi.StepArg:
		env.applyScriptStep(c, role, arg)
	}
}

// applyScriptStep reads EVAL's source and arguments; on a command that is
// not a script such a step is not understood.
func (env *Env) applyScriptStep(c *redisapi.Call, role redisapi.StepRole, arg ast.Expr) {
	if c.Script == nil {
		c.Kind, c.TTLIs = redisapi.KindOther, redisapi.TTLUnknown
		return
	}
	switch role {
	case redisapi.StepScript:
		c.Script.Source, c.Script.Known = env.ConstString(arg)
	case redisapi.StepSha:
		c.Script.Known = false // rueidis keeps no script object behind a hash
	}
}

// applyValue: DELIFEQ key value compares; every other command writes.
func (env *Env) applyValue(c *redisapi.Call, v ast.Expr) {
	if c.Kind == redisapi.CondDelete {
		c.Match = v
		return
	}
	c.Value = v
}

// applyIfeq: SET ... IFEQ v rewrites only the owner's value; DELEX key
// IFEQ v deletes only the owner's key.
func (env *Env) applyIfeq(c *redisapi.Call, v ast.Expr) {
	switch c.Command {
	case "SET":
		c.Kind, c.Command, c.Match = redisapi.CondSet, "SET IFEQ", v
	case "DELEX":
		c.Kind, c.Command, c.Match = redisapi.CondDelete, "DELEX IFEQ", v
	default:
		c.Kind = redisapi.KindOther
	}
}

// multiSender returns the DoMulti (or DoMultiCache, DoMultiStream) call
// that sends the command whose chain ends in end, or nil.
func (env *Env) multiSender(end *ast.CallExpr) *ast.CallExpr {
	if env.multis == nil {
		env.multis = map[*ast.CallExpr]*ast.CallExpr{}
		for _, f := range env.Files {
			ast.Inspect(f, env.indexMulti)
		}
	}
	return env.multis[end]
}

// indexMulti records the commands of a DoMulti call (or of its Cache and
// Stream forms) of a rueidis/valkey-go client.
func (env *Env) indexMulti(n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return true
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !redisapi.IsMultiSender(fn.Name()) || !isBuilderClient(fn.Pkg().Path()) {
		return true
	}
	for _, arg := range call.Args[min(1, len(call.Args)):] {
		if end := env.commandEnd(arg); end != nil {
			env.multis[end] = call
		}
	}
	return true
}

// commandEnd returns the Build/Cache call of a DoMulti argument: written
// there, held by a local assigned once, or wrapped by rueidis.CT(cmd, ttl).
func (env *Env) commandEnd(arg ast.Expr) *ast.CallExpr {
	if init := env.LocalInit(arg); init != nil {
		arg = init
	}
	call, ok := ast.Unparen(arg).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return nil
	}
	if fn.Name() == "CT" && len(call.Args) == 2 {
		return env.commandEnd(call.Args[0])
	}
	if redisapi.IsBuilderStepPackage(fn.Pkg().Path()) && redisapi.BuilderStepOf(fn.Name()) == redisapi.StepEnd {
		return call
	}
	return nil
}

// isBuilderClient reports whether path is a rueidis/valkey-go client package.
func isBuilderClient(path string) bool {
	cp, ok := redisapi.ClientPackageOf(path)
	return ok && cp.Family == redisapi.FamilyBuilder
}
