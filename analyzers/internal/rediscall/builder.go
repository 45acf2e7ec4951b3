package rediscall

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// builderCall reads the calls of the rueidis/valkey-go client package:
// Do, DoCache and DoStream send one command, (*Lua).Exec and ExecMulti run
// a script. DoMulti is read at the Build calls of its commands (see
// builderStepCall), since one call expression sends several commands.
func (env *Env) builderCall(c *Call, call *ast.CallExpr, fn *types.Func) bool {
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
	c.Ctx = call.Args[0]
	ch := env.chainOf(call.Args[1])
	if ch == nil {
		// A command built elsewhere (a parameter a wrapper forwards):
		// each call of the wrapper shows it (ApplyOptions).
		c.Kind, c.Command, c.Options = KindOther, strings.ToUpper(fn.Name()), call.Args[1]
		return true
	}
	env.applyChain(c, ch)
	return true
}

// builderStepCall reads the Build call of a command sent by DoMulti (a
// pipeline: its commands run whether or not the one before succeeded).
// Any other Build call is read at the Do that sends it, or not at all.
func (env *Env) builderStepCall(call *ast.CallExpr, fn *types.Func) *Call {
	if BuilderStepOf(fn.Name()) != StepEnd {
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
	c := &Call{Expr: call, Func: fn, Method: fn.Name(), Client: Rueidis, Queued: true}
	if len(multi.Args) > 0 {
		c.Ctx = multi.Args[0]
	}
	env.applyChain(c, ch)
	return c
}

// chainOf resolves the command argument of Do: a chain written inline, or
// a local assigned a chain once (cmd := c.B()...Build(); c.Do(ctx, cmd)).
func (env *Env) chainOf(arg ast.Expr) *BuilderChain {
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
func (env *Env) readChain(end *ast.CallExpr) *BuilderChain {
	ch := &BuilderChain{End: end}
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
		if !ok || !okSel || fn.Pkg() == nil || !IsBuilderStepPackage(fn.Pkg().Path()) {
			return nil
		}
		ch.Steps = append(ch.Steps, ChainStep{Name: fn.Name(), Call: call, Spread: call.Ellipsis.IsValid()})
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

func reverseSteps(s []ChainStep) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// applyChain fills c from a chain: the command step names the command, the
// other steps its key, value, options and expiry.
func (env *Env) applyChain(c *Call, ch *BuilderChain) {
	c.Chain = ch
	if c.ClientExpr == nil || c.Expr == ch.End {
		c.ClientExpr = ch.Client
	}
	name, row, ok := BuilderCommand(ch.Steps[0].Name)
	c.Method = ch.Steps[0].Name
	if !ok {
		c.Kind, c.Command = KindOther, strings.ToUpper(name)
		return
	}
	c.Kind, c.Command, c.NX, c.TTLIs = row.Kind, row.Command, row.NX, NoTTL
	if row.Kind == Script {
		c.Script = &ScriptCall{}
	}
	keysKnown := true
	for _, st := range ch.Steps[1:] {
		if st.Name == "Key" && st.Spread {
			keysKnown = false
		}
		env.applyStep(c, st)
	}
	if !keysKnown {
		c.KeyExprs = nil
	}
	c.KeyExpr = c.KeyAt(1)
	if c.Script != nil && c.KeyExpr == nil {
		c.Script.Known = false // a script on keys we cannot see cannot be judged
	}
}

// applyStep adds one step's contribution to c (see builderSteps).
func (env *Env) applyStep(c *Call, st ChainStep) {
	role := BuilderStepOf(st.Name)
	arg := argAt(st.Call.Args, 0)
	switch role {
	case StepUnknown, StepOtherCond:
		c.Kind, c.TTLIs = KindOther, TTLUnknown
	case StepKey:
		c.KeyExprs = append(c.KeyExprs, st.Call.Args...)
	case StepValue:
		env.applyValue(c, arg)
	case StepNX:
		if c.Command == "SET" {
			c.Kind, c.NX, c.Command = Acquire, true, "SET NX"
		}
	case StepTTL, StepTTLAt:
		c.TTL, c.TTLIs, c.TTLAt = arg, HasTTL, role == StepTTLAt
	case StepKeepTTL:
		c.TTLIs = TTLUnknown
	case StepIfeq:
		env.applyIfeq(c, arg)
	case StepScript, StepSha, StepArg:
		env.applyScriptStep(c, role, arg)
	}
}

// applyScriptStep reads EVAL's source and arguments; on a command that is
// not a script such a step is not understood.
func (env *Env) applyScriptStep(c *Call, role StepRole, arg ast.Expr) {
	if c.Script == nil {
		c.Kind, c.TTLIs = KindOther, TTLUnknown
		return
	}
	switch role {
	case StepScript:
		c.Script.Source, c.Script.Known = env.HeldString(arg)
		c.Script.Script = arg // a wrapper's parameter: its callers' script
	case StepSha:
		c.Script.Known = false // rueidis keeps no script object behind a hash
	}
}

// applyValue: DELIFEQ key value compares; every other command writes.
func (env *Env) applyValue(c *Call, v ast.Expr) {
	if c.Kind == CondDelete {
		c.Match = v
		return
	}
	c.Value = v
}

// applyIfeq: SET ... IFEQ v rewrites only the owner's value; DELEX key
// IFEQ v deletes only the owner's key.
func (env *Env) applyIfeq(c *Call, v ast.Expr) {
	switch c.Command {
	case "SET":
		c.Kind, c.Command, c.Match = CondSet, "SET IFEQ", v
	case "DELEX":
		c.Kind, c.Command, c.Match = CondDelete, "DELEX IFEQ", v
	default:
		c.Kind = KindOther
	}
}

// multiSender returns the DoMulti (or DoMultiCache, DoMultiStream) call
// that sends the command whose chain ends in end, or nil.
func (env *Env) multiSender(end *ast.CallExpr) *ast.CallExpr {
	env.indexMultis()
	return env.multis[end]
}

// indexMultis records, once per package, the commands every DoMulti sends.
func (env *Env) indexMultis() {
	if env.multis != nil {
		return
	}
	env.multis = map[*ast.CallExpr]*ast.CallExpr{}
	for _, f := range env.Files {
		ast.Inspect(f, env.indexMulti)
	}
}

// indexMulti records the commands of a DoMulti call (or of its Cache and
// Stream forms) of a rueidis/valkey-go client.
func (env *Env) indexMulti(n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return true
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !IsMultiSender(fn.Name()) || !isBuilderClient(fn.Pkg().Path()) {
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
	if IsBuilderStepPackage(fn.Pkg().Path()) && BuilderStepOf(fn.Name()) == StepEnd {
		return call
	}
	return nil
}

// isBuilderClient reports whether path is a rueidis/valkey-go client package.
func isBuilderClient(path string) bool {
	cp, ok := ClientPackageOf(path)
	return ok && cp.Client == Rueidis
}

// BuiltKey returns the first key of the rueidis/valkey-go command that e
// builds (c.B().Set().Key(k)...Build(), or a local assigned one), or nil.
func (env *Env) BuiltKey(e ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	ch := env.chainOf(e)
	if ch == nil {
		return nil
	}
	var c Call
	env.applyChain(&c, ch)
	return c.KeyExpr
}
