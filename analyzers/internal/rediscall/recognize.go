package rediscall

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Recognize returns what call sends to Redis, or nil when it is not a call
// of a recognised client or lock library.
func (env *Env) Recognize(call *ast.CallExpr) *Call {
	return env.classified(env.recognize(call))
}

// classified completes a recognised call: its role, and what a done
// context does to it.
func (env *Env) classified(c *Call) *Call {
	if c != nil {
		c.Classify(NoRole, false)
		env.setDoneCtx(c)
	}
	return c
}

func (env *Env) recognize(call *ast.CallExpr) *Call {
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return nil
	}
	path := fn.Pkg().Path()
	if lib, ok := LockLibrary(path); ok {
		return env.lockLibraryCall(call, fn, lib)
	}
	if IsBuilderStepPackage(path) {
		return env.builderStepCall(call, fn)
	}
	cp, ok := ClientPackageOf(path)
	if !ok {
		return nil
	}
	if cp.Client == GoZero && recvTypeName(fn) == "RedisLock" {
		return env.goZeroLockCall(call, fn)
	}
	c := &Call{Expr: call, Func: fn, Method: fn.Name(), Client: cp.Client}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isMethod(fn) {
		c.ClientExpr = sel.X
	}
	var done bool
	switch cp.Client {
	case Redigo:
		done = env.redigoCall(c, call, fn)
	case Rueidis:
		done = env.builderCall(c, call, fn)
	case GoZero:
		done = env.goZeroCall(c, call, fn)
	case GoFrame:
		done = env.goFrameCall(c, call, fn)
	default:
		done = env.goRedisCall(c, call, fn, cp)
	}
	if !done {
		return nil
	}
	return c
}

func isMethod(fn *types.Func) bool {
	return fn.Signature().Recv() != nil
}

// recvTypeName returns the name of fn's receiver type ("Script", "Cmdable").
func recvTypeName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

func (env *Env) goRedisCall(c *Call, call *ast.CallExpr, fn *types.Func, cp ClientPackage) bool {
	args := call.Args
	if cp.Ctx {
		if len(args) == 0 {
			return false
		}
		c.Ctx, args = args[0], args[1:]
	}
	c.Queued = env.isPipeline(c.ClientExpr)
	if recvTypeName(fn) == "Script" {
		return env.scriptObjectCall(c, args)
	}
	if fn.Name() == "Do" && isMethod(fn) {
		return env.genericCall(c, args, call.Ellipsis.IsValid())
	}
	row, ok := GoRedisMethod(fn.Name())
	if !ok || !isMethod(fn) {
		return false
	}
	env.applyRow(c, row, args, call.Ellipsis.IsValid())
	switch fn.Name() {
	case "SetArgs":
		env.setArgs(c, args, row)
	case "DelExArgs":
		env.delExArgs(c, args, row)
	case "Eval", "EvalRO", "EvalSha", "EvalShaRO":
		env.evalCall(c, args)
	}
	return true
}

// applyRow fills c from a table row and the arguments after the context.
func (env *Env) applyRow(c *Call, row CommandRow, args []ast.Expr, spread bool) {
	c.Kind, c.Command, c.NX = row.Kind, row.Command, row.NX
	c.KeyExpr, c.KeyExprs = keysAt(args, row.Key, row.Variadic, spread)
	c.Value = argAt(args, row.Value)
	c.Match = argAt(args, row.Match)
	c.Fn = argAt(args, row.Fn)
	c.TTLAt = row.At
	if row.TTL >= 0 {
		c.TTL = argAt(args, row.TTL)
		c.TTLIs = env.durationState(c.TTL, row.At)
	} else {
		c.TTLIs = NoTTL
	}
	if row.Kind == Expire && c.TTL != nil {
		c.TTLIs = HasTTL
	}
}

func argAt(args []ast.Expr, i int) ast.Expr {
	if i < 0 || i >= len(args) {
		return nil
	}
	return args[i]
}

// keysAt returns the key at position i and, for variadic keys, all of them.
// A spread slice (Del(ctx, keys...)) has no individual keys.
func keysAt(args []ast.Expr, i int, variadic, spread bool) (ast.Expr, []ast.Expr) {
	if i < 0 || i >= len(args) {
		return nil, nil
	}
	if !variadic {
		return args[i], args[i : i+1]
	}
	if spread {
		return nil, nil
	}
	return args[i], args[i:]
}

// TTLOf tells whether an expiration argument sets an expiry.
func (env *Env) TTLOf(e ast.Expr, absolute bool) TTLState {
	return env.durationState(e, absolute)
}

// durationState tells whether an expiration argument sets an expiry:
// go-redis treats 0 as "no expiry" and KeepTTL (-1) as "keep the current
// one", which for a new key is none.
func (env *Env) durationState(e ast.Expr, absolute bool) TTLState {
	if e == nil {
		return TTLUnknown
	}
	if absolute {
		return HasTTL
	}
	n, ok := intOf(env.Constant(e)) // a local assigned once holds its value
	switch {
	case !ok:
		return TTLUnknown
	case n == 0 || n == -1:
		return NoTTL
	}
	return HasTTL
}

// isPipeline reports whether commands sent through x are queued: x is a
// go-redis Pipeliner or *Pipeline (commands run at Exec, so a command's
// result cannot decide whether the next one is sent).
func (env *Env) isPipeline(x ast.Expr) bool {
	if x == nil {
		return false
	}
	t := env.Info.TypeOf(x)
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named) // go-zero's Pipeliner is an alias of go-redis's
	if !ok || n.Obj().Pkg() == nil || !IsClientPackage(n.Obj().Pkg().Path()) {
		return false
	}
	switch n.Obj().Name() {
	case "Pipeliner", "Pipeline":
		return true
	}
	return false
}

// setArgs reads a SetArgs literal: Mode NX makes an acquire, IFEQ an
// owner-checked write; TTL or ExpireAt make the expiry.
func (env *Env) setArgs(c *Call, args []ast.Expr, row CommandRow) {
	fields, ok := env.CompositeFields(argAt(args, row.Args))
	if !ok {
		c.Kind, c.TTLIs, c.Options = KindOther, TTLUnknown, argAt(args, row.Args)
		return
	}
	mode, modeKnown := "", true
	if m, ok := fields["Mode"]; ok {
		mode, modeKnown = env.word(m)
	}
	if !modeKnown {
		c.Kind = KindOther
		return
	}
	switch strings.ToUpper(mode) {
	case "NX":
		c.Kind, c.NX, c.Command = Acquire, true, "SET NX"
	case "IFEQ":
		c.Kind, c.Command, c.Match = CondSet, "SET IFEQ", fields["MatchValue"]
	case "", "XX":
		c.Kind = Set
	default:
		c.Kind = KindOther // IFNE, IFDEQ, IFDNE: not lock shapes we judge
	}
	c.TTLIs = NoTTL
	if ttl, ok := fields["TTL"]; ok {
		c.TTL, c.TTLIs = ttl, env.durationState(ttl, false)
	}
	if at, ok := fields["ExpireAt"]; ok {
		c.TTL, c.TTLIs, c.TTLAt = at, HasTTL, true
	}
	if _, ok := fields["KeepTTL"]; ok && c.TTLIs == NoTTL {
		c.TTLIs = TTLUnknown
	}
}

// delExArgs reads a DelExArgs literal: Mode IFEQ is an owner-checked delete.
func (env *Env) delExArgs(c *Call, args []ast.Expr, row CommandRow) {
	fields, ok := env.CompositeFields(argAt(args, row.Args))
	if !ok {
		c.Kind = KindOther
		return
	}
	mode, known := env.word(fields["Mode"])
	switch {
	case known && strings.EqualFold(mode, "IFEQ"):
		c.Kind, c.Match, c.Command = CondDelete, fields["MatchValue"], "DELEX IFEQ"
	case fields["Mode"] == nil:
		c.Kind = Delete // DELEX without a condition deletes unconditionally
	default:
		c.Kind = KindOther
	}
}

// ApplyOptions reads the call c of a wrapper that forwards its options
// parameter to method (SetArgs, gredis's Set, or the command of rueidis's
// Do), with opt the options its caller passes there (nil: none): the
// command they make, as if the caller had called method itself with c's
// key and value (or that command). It reports whether they make one the
// rules judge.
func (env *Env) ApplyOptions(c *Call, method string, opt ast.Expr) bool {
	args := []ast.Expr{c.KeyExpr, c.Value, opt}
	switch {
	case c.Client == Rueidis && (method == "Do" || method == "DoCache" || method == "DoStream"):
		if opt == nil {
			return false
		}
		ch := env.chainOf(opt)
		if ch == nil {
			return false
		}
		name := c.Method
		env.applyChain(c, ch)
		c.Method = name
	case c.Client == GoFrame && method == "Set":
		c.Kind = Set
		env.goFrameSetOption(c, args, false)
	case c.Client != GoFrame && method == "SetArgs" && opt != nil:
		row, _ := GoRedisMethod(method)
		c.Kind = Set
		env.setArgs(c, args, row)
	default:
		return false
	}
	return c.Kind != KindOther
}
