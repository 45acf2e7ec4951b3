package rediscall

import (
	"go/ast"
	"go/types"
)

// redigoCall reads the redigo forms: c.Do(cmd, args...), c.Send(...) (queued
// until Flush/Receive, or inside MULTI), c.DoContext(ctx, cmd, ...),
// c.DoWithTimeout(d, cmd, ...), the package functions redis.DoContext(c,
// ctx, cmd, ...) and redis.DoWithTimeout(c, d, cmd, ...), and script objects
// (s.Do(c, keysAndArgs...), s.DoContext(ctx, c, ...), s.Send(c, ...)).
func (env *Env) redigoCall(c *Call, call *ast.CallExpr, fn *types.Func) bool {
	args := call.Args
	spread := call.Ellipsis.IsValid()
	if recvTypeName(fn) == "Script" {
		return env.redigoScript(c, call, fn)
	}
	switch {
	case isMethod(fn) && (fn.Name() == "Do" || fn.Name() == "Send"):
		c.Queued = fn.Name() == "Send"
	case isMethod(fn) && (fn.Name() == "DoContext" || fn.Name() == "DoWithTimeout"):
		if len(args) == 0 {
			return false
		}
		if fn.Name() == "DoContext" {
			c.Ctx = args[0]
		}
		args = args[1:]
	case !isMethod(fn) && (fn.Name() == "DoContext" || fn.Name() == "DoWithTimeout"):
		if len(args) < 2 {
			return false
		}
		c.ClientExpr = args[0]
		if fn.Name() == "DoContext" {
			c.Ctx = args[1]
		}
		args = args[2:]
	default:
		return false
	}
	return env.genericCall(c, args, spread)
}

// redigoScript reads (*Script).Do(c, keysAndArgs...) and its variants; the
// key count comes from NewScript(keyCount, src).
func (env *Env) redigoScript(c *Call, call *ast.CallExpr, fn *types.Func) bool {
	args := call.Args
	switch fn.Name() {
	case "Do", "Send", "SendHash":
	case "DoContext":
		if len(args) == 0 {
			return false
		}
		c.Ctx, args = args[0], args[1:]
	default:
		return false
	}
	if len(args) == 0 {
		return false
	}
	recv := c.ClientExpr
	src, n, known := env.ScriptSource(recv)
	c.Kind, c.Command, c.ClientExpr = Script, "EVALSHA", args[0]
	c.Queued = fn.Name() != "Do" && fn.Name() != "DoContext"
	rest := args[1:]
	c.Script = &ScriptCall{Source: src, Known: known}
	if !known || n < 0 || n > len(rest) || call.Ellipsis.IsValid() {
		c.Script.Known = false
		if !known && !call.Ellipsis.IsValid() {
			c.Script.Script, c.Script.Object, c.Script.KeysAndArgs = recv, true, rest // a *Script its caller passes
		}
		return true
	}
	c.KeyExprs = rest[:n]
	c.KeyExpr = c.KeyAt(1)
	c.Script.Args = rest[n:]
	return true
}

// lockLibraryCall reads the calls of safelock, bsm/redislock and redsync.
func (env *Env) lockLibraryCall(call *ast.CallExpr, fn *types.Func, lib string) *Call {
	kind, ok := LockLibraryCall(lib, recvTypeName(fn), fn.Name())
	if !ok {
		return nil
	}
	c := &Call{Expr: call, Func: fn, Kind: kind, Method: fn.Name(), Library: lib, Command: lib + "." + fn.Name()}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isMethod(fn) {
		c.ClientExpr = sel.X
	}
	// safelock.Release(ctx, client, key, token) and Refresh(ctx, client, key, token, ttl)
	// name the key and token; the methods of a lock object carry them inside.
	if lib == "safelock" && !isMethod(fn) && len(call.Args) >= 4 && kind != LockObtain {
		c.Ctx, c.ClientExpr, c.KeyExpr, c.Match = call.Args[0], call.Args[1], call.Args[2], call.Args[3]
		c.KeyExprs = call.Args[2:3]
	}
	c.OKResult = kind == LockRelease && IsOKResultLibrary(lib) || lib == "redsync" && kind != LockObtain && kind != LockOption && !declaresErrNodeTaken(fn)
	if kind == LockOption && len(call.Args) == 1 {
		c.Value = call.Args[0]
	}
	return c
}

// declaresErrNodeTaken reports whether the redsync package of fn declares
// ErrNodeTaken. From v4.7.0 on it does, and its Unlock and Extend return
// an error (ErrNodeTaken, ErrTaken, ErrLockAlreadyExpired,
// ErrExtendFailed) whenever they return false, so (false, nil) cannot
// happen and checking the error is enough; older releases return (false,
// nil) when another client holds the key. The package is asked through
// its scope, not its version, which vendoring and replace directives
// hide.
func declaresErrNodeTaken(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	_, ok := fn.Pkg().Scope().Lookup("ErrNodeTaken").(*types.TypeName)
	return ok
}
