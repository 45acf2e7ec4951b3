package rediscall

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Small functions of the package stand between a value and its use: a
// script or its SHA1 returned by a function (func releaseSHA() string {
// return script.Hash() }), a reply's error read by one (func errOf(res
// rueidis.RedisResult) error { return res.Error() }). The index here
// records them, once per package, for the readers that see through them.

// maxReturnDepth bounds the calls the readers follow into the
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
// param: func errOf(res rueidis.RedisResult) error { return res.Error() },
// or passes it to another such function, of this package or another
// (func check(res R) error { return reply.Err(res) }).
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
		if r, ok := env.errReaderOfCallee(inner); ok && r.param < len(call.Args) {
			arg, method = call.Args[r.param], r.method
		}
	}
	if i := paramOf(env.Info, fn, arg); i >= 0 {
		return errReader{param: i, method: method}, true
	}
	return errReader{}, false
}

// errReaderOfCallee returns what inner, a function of the package or,
// through ImportedErrReader, of another, reads of its parameter.
func (env *Env) errReaderOfCallee(inner *types.Func) (errReader, bool) {
	if inner.Pkg() == env.Pkg {
		r, ok := env.errReaders[inner]
		return r, ok
	}
	if env.ImportedErrReader == nil || inner.Pkg() == nil {
		return errReader{}, false
	}
	param, method, ok := env.ImportedErrReader(inner.Origin())
	return errReader{param: param, method: method}, ok
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

// ErrorReader returns what fn, a function of the package, reads of its
// parameters as ErrorReadBy does: the index of the parameter whose
// error-only reader (Err, Error) it returns, and that reader's name.
func (env *Env) ErrorReader(fn *types.Func) (param int, method string, ok bool) {
	if fn.Pkg() != env.Pkg {
		return 0, "", false
	}
	env.indexLocals()
	r, ok := env.errReaders[fn]
	return r.param, r.method, ok
}
