package redisapi

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// A builderChain is a rueidis/valkey-go command as written:
// c.B().Set().Key(k).Value(v).Nx().Px(ttl).Build(), read back from its
// Build call to the step on the Builder that names the command.
type builderChain struct {
	steps  []chainStep   // from the command step (Set) to the end (Build)
	client ast.Expr      // X of X.B(), nil when the Builder came from elsewhere
	end    *ast.CallExpr // the Build or Cache call
	inline bool          // written in the argument of the call that sends it
}

// A chainStep is one method call of a chain.
type chainStep struct {
	name   string
	call   *ast.CallExpr
	spread bool // Key(keys...), Arg(args...)
}

// builderCall reads the calls of the rueidis/valkey-go client package:
// Do, DoCache and DoStream send one command, (*Lua).Exec and ExecMulti run
// a script. DoMulti is read at the Build calls of its commands (see
// builderStepCall), since one call expression sends several commands.
func (env *Env) builderCall(c *Call, call *ast.CallExpr, fn *types.Func) bool {
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
func (env *Env) builderStepCall(call *ast.CallExpr, fn *types.Func) *Call {
	if builderSteps[fn.Name()].role != stepEnd {
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
	c := &Call{Expr: call, Func: fn, Method: fn.Name(), Builder: true, Queued: true}
	if len(multi.Args) > 0 {
		c.Ctx = multi.Args[0]
	}
	env.applyChain(c, ch)
	return c
}

// chainOf resolves the command argument of Do: a chain written inline, or
// a local assigned a chain once (cmd := c.B()...Build(); c.Do(ctx, cmd)).
func (env *Env) chainOf(arg ast.Expr) *builderChain {
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
		ch.inline = inline
	}
	return ch
}

// readChain walks from the end of a chain back to the Builder step that
// names the command, through locals assigned once (b := c.B()). It
// returns nil when a link is not a builder step.
func (env *Env) readChain(end *ast.CallExpr) *builderChain {
	ch := &builderChain{end: end}
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
		if !ok || !okSel || fn.Pkg() == nil || !builderStepPackages[fn.Pkg().Path()] {
			return nil
		}
		ch.steps = append(ch.steps, chainStep{name: fn.Name(), call: call, spread: call.Ellipsis.IsValid()})
		if recvTypeName(fn) == "Builder" {
			ch.client = env.builderClient(sel.X)
			reverseSteps(ch.steps)
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

func reverseSteps(s []chainStep) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// applyChain fills c from a chain: the command step names the command, the
// other steps its key, value, options and expiry.
func (env *Env) applyChain(c *Call, ch *builderChain) {
	c.chain = ch
	if c.Client == nil || c.Expr == ch.end {
		c.Client = ch.client
	}
	name := strings.ToLower(ch.steps[0].name)
	if alias, ok := builderCommandAliases[name]; ok {
		name = alias
	}
	c.Method = ch.steps[0].name
	row, ok := genericCommands[name]
	if !ok {
		c.Kind, c.Command = KindOther, strings.ToUpper(name)
		return
	}
	c.Kind, c.Command, c.NX, c.TTLIs = row.kind, row.command, row.nx, NoTTL
	if row.kind == Script {
		c.Script = &ScriptCall{ArgsComplete: true}
	}
	keysKnown := true
	for _, st := range ch.steps[1:] {
		if st.name == "Key" && st.spread {
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

// applyStep adds one step's contribution to c (see builderSteps).
func (env *Env) applyStep(c *Call, st chainStep) {
	row := builderSteps[st.name]
	arg := argAt(st.call.Args, 0)
	switch row.role {
	case stepUnknown, stepOtherCond:
		c.Kind, c.TTLIs = KindOther, TTLUnknown
	case stepKey:
		c.Keys = append(c.Keys, st.call.Args...)
	case stepValue:
		env.applyValue(c, arg)
	case stepNX:
		if c.Command == "SET" {
			c.Kind, c.NX, c.Command = Acquire, true, "SET NX"
		}
	case stepTTL, stepTTLAt:
		c.TTL, c.TTLIs, c.TTLAt, c.TTLUnit = arg, HasTTL, row.role == stepTTLAt, row.unit
	case stepKeepTTL:
		c.TTLIs = TTLUnknown
	case stepIfeq:
		env.applyIfeq(c, arg)
	case stepScript, stepSha, stepArg:
		env.applyScriptStep(c, st, row.role, arg)
	}
}

// applyScriptStep reads EVAL's source and arguments; on a command that is
// not a script such a step is not understood.
func (env *Env) applyScriptStep(c *Call, st chainStep, role stepRole, arg ast.Expr) {
	if c.Script == nil {
		c.Kind, c.TTLIs = KindOther, TTLUnknown
		return
	}
	switch role {
	case stepScript:
		c.Script.Source, c.Script.Known = env.ConstString(arg)
	case stepSha:
		c.Script.Known = false // rueidis keeps no script object behind a hash
	case stepArg:
		c.Script.Args = append(c.Script.Args, st.call.Args...)
		c.Script.ArgsComplete = c.Script.ArgsComplete && !st.spread
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
	if env.multis == nil {
		env.multis = map[*ast.CallExpr]*ast.CallExpr{}
		for _, f := range env.files {
			ast.Inspect(f, env.indexMulti)
		}
	}
	return env.multis[end]
}

// multiSenders are the client methods that send several commands, from
// their second argument on, as one pipeline.
var multiSenders = map[string]bool{"DoMulti": true, "DoMultiCache": true, "DoMultiStream": true}

func (env *Env) indexMulti(n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return true
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !multiSenders[fn.Name()] || clientPackages[fn.Pkg().Path()].family != builder {
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
	if builderStepPackages[fn.Pkg().Path()] && builderSteps[fn.Name()].role == stepEnd {
		return call
	}
	return nil
}
