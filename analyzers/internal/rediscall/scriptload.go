package rediscall

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// loadedScript returns the source of the script whose SHA1 the variable e
// names holds: every value ever assigned to it in the package is the
// reply of SCRIPT LOAD of that one script (sha = rdb.ScriptLoad(ctx,
// src).Val(), or sha, err = ...Result()), or the empty string it starts
// with. A variable of another package is asked through ScriptSHA, which
// the model fills from that package's facts.
func (env *Env) loadedScript(e ast.Expr) (string, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		if sel, isSel := ast.Unparen(e).(*ast.SelectorExpr); isSel {
			id = sel.Sel
		} else {
			return "", false
		}
	}
	v, ok := env.Info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return "", false
	}
	if v.Pkg() != env.Pkg {
		if env.ScriptSHA != nil {
			return env.ScriptSHA(v)
		}
		return "", false
	}
	return env.LoadedScriptOf(v)
}

// LoadedScriptOf returns the script source whose SHA1 the variable v of
// this package holds, if it only ever holds one (see loadedScript).
func (env *Env) LoadedScriptOf(v *types.Var) (string, bool) {
	env.indexLocals()
	d := env.locals[v]
	if d == nil {
		return "", false
	}
	src, found := "", false
	for _, w := range d.writes {
		if w.zero {
			continue // the zero value it is declared with
		}
		if w.rhs == nil {
			return "", false // a write we cannot read
		}
		if s, ok := env.ConstString(w.rhs); ok && s == "" {
			continue
		}
		s, ok := env.scriptLoadSource(w.rhs, 0)
		if !ok || (found && s != src) {
			return "", false
		}
		src, found = s, true
	}
	return src, found
}

// scriptLoadSource reads rdb.ScriptLoad(ctx, src).Val() and .Result(),
// also of the command held in a local first (cmd := rdb.ScriptLoad(ctx,
// src); sha := cmd.Val()), and the call of a function of the package
// that returns one (func loadRelease() string { return
// rdb.ScriptLoad(ctx, release).Val() }), a few calls deep.
func (env *Env) scriptLoadSource(e ast.Expr, depth int) (string, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	if ret := env.returnedBy(call); ret != nil && depth < maxReturnDepth {
		return env.scriptLoadSource(ret, depth+1)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Val" || sel.Sel.Name == "Result") {
		x := sel.X
		if init := env.LocalInit(x); init != nil {
			x = init
		}
		if inner, ok := ast.Unparen(x).(*ast.CallExpr); ok {
			call = inner
		}
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !IsClientPackage(fn.Pkg().Path()) || fn.Name() != "ScriptLoad" || len(call.Args) == 0 {
		return "", false
	}
	return env.HeldString(call.Args[len(call.Args)-1])
}
