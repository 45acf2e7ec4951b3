package rediscall

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// ScriptArg returns the Lua source an Eval argument (sha false) or an
// EvalSha argument (sha true) stands for.
func (env *Env) ScriptArg(e ast.Expr, sha bool) (string, bool) {
	if sha {
		return env.hashedScript(e)
	}
	return env.HeldString(e)
}

// hashedScript resolves an EvalSha argument: script.Hash(), or a variable
// that only ever holds the SHA1 SCRIPT LOAD returned for one script.
// A local assigned once holds its value (sha := script.Hash()), and so
// does a function of the package that returns it.
func (env *Env) hashedScript(e ast.Expr) (string, bool) {
	if src, ok := env.loadedScript(e); ok {
		return src, true
	}
	for i := 0; i < maxHolders; i++ {
		next := env.LocalInit(e)
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && next == nil {
			next = env.returnedBy(call) // func releaseSHA() string { return script.Hash() }
		}
		if next == nil {
			break
		}
		e = next
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	if src, _, ok := env.madeScript(call, true); ok {
		return src, true // scripts.Digest(release), of another package
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Hash" {
		return "", false
	}
	src, _, ok := env.ScriptSource(sel.X)
	return src, ok
}

// ScriptSource resolves a script object expression to its Lua source and,
// for redigo, its key count: NewScript(src) directly, or through a
// package-level variable, a local assigned once, a field every write
// sets to the same script (HeldValues) or a function of the package that
// returns it.
func (env *Env) ScriptSource(x ast.Expr) (string, int, bool) {
	return env.scriptSource(x, 0)
}

func (env *Env) scriptSource(x ast.Expr, depth int) (string, int, bool) {
	if x == nil || depth >= maxHolders {
		return "", 0, false
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		if ret := env.returnedBy(call); ret != nil {
			return env.scriptSource(ret, depth+1) // func releaseScript() *redis.Script { return redis.NewScript(src) }
		}
		if src, n, ok := env.madeScript(call, false); ok {
			return src, n, true // scripts.NewRelease(src), of another package
		}
		return env.newScriptSource(call)
	}
	if init := env.Init(x); init != nil {
		return env.scriptSource(init, depth+1)
	}
	src, n, found := "", 0, false
	for _, v := range env.HeldValues(x) {
		s, k, ok := env.scriptSource(v, depth+1)
		if !ok || (found && (s != src || k != n)) {
			return "", 0, false
		}
		src, n, found = s, k, true
	}
	return src, n, found
}

// ScriptConstructorSource returns the source argument of a script
// object's constructor call x (redis.NewScript(src),
// rueidis.NewLuaScript(src)), or nil when x is no such call.
func (env *Env) ScriptConstructorSource(x ast.Expr) ast.Expr {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !IsClientPackage(fn.Pkg().Path()) || len(call.Args) == 0 {
		return nil
	}
	switch {
	case fn.Name() == "NewScript" || fn.Name() == "NewScriptServerSHA" || IsLuaConstructor(fn.Name()):
		if len(call.Args) == 2 && fn.Name() == "NewScript" {
			return call.Args[1] // redigo: NewScript(keyCount, src)
		}
		return call.Args[0]
	}
	return nil
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
		src, ok := env.HeldString(call.Args[0])
		return src, -1, ok
	case IsLuaConstructor(fn.Name()) && len(call.Args) >= 1:
		src, ok := env.HeldString(call.Args[0]) // rueidis.NewLuaScript(src, opts...)
		return src, -1, ok
	case fn.Name() == "NewScript" && len(call.Args) == 2:
		n, okN := env.ConstInt(call.Args[0])
		src, okS := env.HeldString(call.Args[1])
		return src, int(n), okN && okS
	}
	return "", 0, false
}
