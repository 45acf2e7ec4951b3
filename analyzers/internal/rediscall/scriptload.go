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

// maxReturnDepth bounds the calls scriptLoadSource follows into the
// functions that return their value.
const maxReturnDepth = 4

// returnedBy returns the one value a function of the package that call
// calls returns, when its body is that one return statement; nil
// otherwise.
func (env *Env) returnedBy(call *ast.CallExpr) ast.Expr {
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() != env.Pkg {
		return nil
	}
	env.indexLocals()
	return env.returns[fn]
}

// indexReturns maps each function of the package whose body is one
// return of one value to that value, and records those that return an
// error-only reader's result on a parameter (see ErrorReadBy).
func (env *Env) indexReturns() {
	env.returns = map[*types.Func]ast.Expr{}
	env.errReaders = map[*types.Func]errReader{}
	for fn, fd := range env.oneStatementFuncs() {
		if ret, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
			env.returns[fn] = ret.Results[0]
		}
	}
	// A reader of a reader (func check(res R) error { return errOf(res) })
	// is found once the reader it calls is: a few rounds reach a chain.
	for range maxReturnDepth {
		found := false
		for fn, e := range env.returns {
			if _, done := env.errReaders[fn]; done {
				continue
			}
			if r, ok := env.errReaderOf(fn, e); ok {
				env.errReaders[fn], found = r, true
			}
		}
		if !found {
			break
		}
	}
}

// An errReader is a function of the package whose one statement returns
// the error an error-only reply reader (method) gives of its parameter
// param: func errOf(res rueidis.RedisResult) error { return res.Error() }.
type errReader struct {
	param  int
	method string
}

// errReaderOf returns what fn, whose one statement returns e, reads of
// its parameter: an error-only reader called on it, or an errReader of
// the package it is passed to.
func (env *Env) errReaderOf(fn *types.Func, e ast.Expr) (errReader, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || fn.Signature().Variadic() {
		return errReader{}, false
	}
	var arg ast.Expr
	method := ""
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && len(call.Args) == 0 && MethodYield(sel.Sel.Name) == YieldsError {
		arg, method = sel.X, sel.Sel.Name
	} else if inner, ok := typeutil.Callee(env.Info, call).(*types.Func); ok {
		if r, ok := env.errReaders[inner]; ok && r.param < len(call.Args) {
			arg, method = call.Args[r.param], r.method
		}
	}
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return errReader{}, false
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if env.Info.Uses[id] == params.At(i) {
			return errReader{param: i, method: method}, true
		}
	}
	return errReader{}, false
}

// ErrorReadBy returns the error-only reader (Err, Error) that the
// function of the package call calls applies to arg and returns the
// result of, when arg is the argument of that parameter; "" otherwise
// (see replyuse.ReadBy).
func (env *Env) ErrorReadBy(call *ast.CallExpr, arg ast.Expr) string {
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() != env.Pkg {
		return ""
	}
	env.indexLocals()
	r, ok := env.errReaders[fn]
	if !ok || r.param >= len(call.Args) || call.Args[r.param] != arg {
		return ""
	}
	return r.method
}
