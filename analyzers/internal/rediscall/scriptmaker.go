package rediscall

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A MadeScript is what a function that returns a script object, or the
// SHA1 of one, builds it from (func NewRelease(src string) *redis.Script
// { return redis.NewScript(src) }, func Digest(s *redis.Script) string {
// return s.Hash() }): a source of its own (Param -1), or what its caller
// passes as parameter Param, a source or, when Object, a script object.
// Hash: the function returns the script's SHA1. KeyCount is redigo's key
// count, -1 when the client takes none.
type MadeScript struct {
	Source   string
	KeyCount int
	Param    int
	Object   bool
	Hash     bool
}

// MadeScriptOf returns what fn, a function of the package whose one
// statement returns a script object or its SHA1, builds it from.
func (env *Env) MadeScriptOf(fn *types.Func) (MadeScript, bool) {
	if fn.Pkg() != env.Pkg {
		return MadeScript{}, false
	}
	env.indexLocals()
	ret := env.returns[fn]
	if ret == nil {
		return MadeScript{}, false
	}
	made := MadeScript{KeyCount: -1, Param: -1}
	if x := hashOf(ret); x != nil {
		ret, made.Hash = x, true
	}
	if src, n, ok := env.ScriptSource(ret); ok {
		made.Source, made.KeyCount = src, n
		return made, true
	}
	if i := paramOf(env.Info, fn, ret); i >= 0 && made.Hash {
		made.Param, made.Object = i, true // s.Hash() of a script its caller passes
		return made, true
	}
	if i := paramOf(env.Info, fn, env.ScriptConstructorSource(ret)); i >= 0 {
		made.Param, made.KeyCount = i, env.constructorKeyCount(ret)
		return made, true
	}
	return MadeScript{}, false
}

// hashOf returns X of the call x.Hash(), nil when e is no such call.
func hashOf(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) > 0 {
		return nil
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Hash" {
		return sel.X
	}
	return nil
}

// paramOf returns the index of the parameter of fn that e names, -1 when
// e is no parameter.
func paramOf(info *types.Info, fn *types.Func, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if info.Uses[id] == params.At(i) {
			return i
		}
	}
	return -1
}

// constructorKeyCount returns the constant key count of redigo's
// NewScript(keyCount, src) call e, -1 for a constructor without one or a
// count that is not constant.
func (env *Env) constructorKeyCount(e ast.Expr) int {
	call := ast.Unparen(e).(*ast.CallExpr)
	if len(call.Args) != 2 {
		return -1
	}
	if n, ok := env.ConstInt(call.Args[0]); ok {
		return int(n)
	}
	return -1
}

// madeScript resolves call, a call of another package's function that
// returns a script object (hash false) or its SHA1 (hash true), through
// ScriptMaker: the source that function builds its script from, its own
// or the one the call passes.
func (env *Env) madeScript(call *ast.CallExpr, hash bool) (string, int, bool) {
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg() == env.Pkg || env.ScriptMaker == nil {
		return "", 0, false
	}
	made, ok := env.ScriptMaker(fn.Origin())
	switch {
	case !ok || made.Hash != hash || made.Param >= len(call.Args):
		return "", 0, false
	case made.Param < 0:
		return made.Source, made.KeyCount, true
	case made.Object:
		return env.ScriptSource(call.Args[made.Param])
	}
	src, ok := env.HeldString(call.Args[made.Param])
	return src, made.KeyCount, ok
}
