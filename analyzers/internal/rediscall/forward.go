package rediscall

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A forwarder is a function or method of this package whose body only
// passes its parameters on, unchanged and in order, to a method of a
// recognised client, and returns what that method returns (or nothing):
//
//	func (c conn) Do(cmd string, args ...any) (any, error) { return c.c.Do(cmd, args...) }
//	func (s store) SetNX(ctx context.Context, k string, v any, d time.Duration) *redis.BoolCmd {
//		return s.rdb.SetNX(ctx, k, v, d)
//	}
//
// A call of it sends what a call of that method with the same arguments
// sends. A forwarder whose command its summary cannot express (a command
// word, a script or arguments that only its callers write: redigo's
// Do(cmd, args...), a Script's Do(c, keysAndArgs...)) is recognised at
// each call as the client's call, at the caller, where the command word,
// the key and the value are written. So is a call of an interface method
// of this package whose only implementation here is a forwarder (a
// client put behind an interface of the module's own), and a forwarder
// whose body calls another forwarder of the package the same way (a
// connection type over a client behind such an interface): the chain is
// followed to the client's method, at most maxHolders calls deep.

// RecognizeForwarded returns what call sends to Redis when its callee is
// a forwarder of this package: the client's call, with the caller's
// arguments; nil otherwise.
func (env *Env) RecognizeForwarded(call *ast.CallExpr) *Call {
	return env.recognizeForwarded(call, 0)
}

func (env *Env) recognizeForwarded(call *ast.CallExpr, depth int) *Call {
	if depth >= maxHolders {
		return nil
	}
	fn, lit := env.Devirtualized(call)
	if fn == nil || fn.Pkg() != env.Pkg {
		return nil
	}
	if env.forwarders == nil {
		env.forwarders = env.indexForwarders()
	}
	inner := env.forwarders[fn]
	if inner == nil {
		return nil
	}
	innerSel := ast.Unparen(inner.Fun).(*ast.SelectorExpr) // see clientMethod
	sent := &ast.CallExpr{Fun: innerSel, Lparen: call.Lparen, Args: call.Args, Ellipsis: call.Ellipsis, Rparen: call.Rparen}
	recv := innerSel.X
	if v := env.receiverField(fn, innerSel, lit); v != nil {
		// m.c, with m the literal the call is made on: what that literal
		// sets c to (mmImpl{c: redis.NewScript(src)}).
		recv = v
		sent.Fun = &ast.SelectorExpr{X: v, Sel: innerSel.Sel}
	}
	c := env.recognize(sent)
	if c == nil {
		c = env.recognizeForwarded(sent, depth+1) // a forwarder's forwarder
	}
	if c == nil {
		return nil
	}
	if c.ClientExpr == recv {
		c.ClientExpr = nil // the forwarder's own client, out of the caller's scope
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			c.ClientExpr = sel.X
		}
	}
	c.Expr, c.Forwarded = call, true
	return env.classified(c)
}

// Devirtualized returns the function call calls: its callee, or, for a
// method of an interface of this package, the method of the type whose
// struct literal the receiver holds (var unlock Releaser =
// scriptReleaser{...}; unlock.Run(...)), else of the interface's only
// implementation here. The literal is returned too, when known.
func (env *Env) Devirtualized(call *ast.CallExpr) (*types.Func, *ast.CompositeLit) {
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isMethod(fn) || fn.Pkg() != env.Pkg {
		return fn, nil
	}
	lit := env.heldLiteral(sel.X, 0)
	if lit != nil && types.IsInterface(fn.Signature().Recv().Type()) {
		if m, ok := lookupMethod(types.NewPointer(env.Info.TypeOf(lit)), env.Pkg, fn.Name()); ok {
			return m, lit
		}
		return fn, nil
	}
	if impl := env.InterfaceImpls()[fn]; impl != nil {
		return impl, nil
	}
	return fn, lit
}

// heldLiteral returns the struct literal of a type of this package that e
// is, or always holds: the literal itself (or &T{...}), or the one value
// of the local, package variable (never assigned again) or unexported
// field e denotes.
func (env *Env) heldLiteral(e ast.Expr, depth int) *ast.CompositeLit {
	if e == nil || depth >= maxHolders {
		return nil
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		if n, ok := types.Unalias(env.Info.TypeOf(lit)).(*types.Named); ok && n.Obj().Pkg() == env.Pkg {
			if _, isStruct := n.Underlying().(*types.Struct); isStruct {
				return lit
			}
		}
		return nil
	}
	if init := env.PackageInit(e); init != nil {
		return env.heldLiteral(init, depth+1)
	}
	if vals := env.HeldValues(e); len(vals) == 1 {
		return env.heldLiteral(vals[0], depth+1)
	}
	return nil
}

// receiverField returns the value lit gives the field that sel, the
// receiver of the call in fn's body, selects on fn's receiver
// (m.c with m fn's receiver): the keyed element of lit, or nil.
func (env *Env) receiverField(fn *types.Func, sel *ast.SelectorExpr, lit *ast.CompositeLit) ast.Expr {
	if lit == nil {
		return nil
	}
	field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	recv, ok := ast.Unparen(field.X).(*ast.Ident)
	if !ok || env.Info.Uses[recv] != fn.Signature().Recv() {
		return nil
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field.Sel.Name {
				return kv.Value
			}
		}
	}
	return nil
}

// indexForwarders maps each forwarder of the package to the call its
// body makes: first those that call a client's method, then, round by
// round, those that call a forwarder found before (each round adds one,
// or the index is complete).
func (env *Env) indexForwarders() map[*types.Func]*ast.CallExpr {
	type candidate struct {
		fn   *types.Func
		stmt ast.Stmt
	}
	var cands []candidate
	for _, f := range env.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || len(fd.Body.List) != 1 || fd.Type.TypeParams != nil {
				continue
			}
			if fn, ok := env.Info.Defs[fd.Name].(*types.Func); ok {
				cands = append(cands, candidate{fn, fd.Body.List[0]})
			}
		}
	}
	out := map[*types.Func]*ast.CallExpr{}
	for added := true; added; {
		added = false
		for _, c := range cands {
			if out[c.fn] == nil {
				if call := env.forwards(c.fn, c.stmt, out); call != nil {
					out[c.fn], added = call, true
				}
			}
		}
	}
	return out
}

// forwards returns the call that stmt, the only statement of fn, makes
// when it passes fn's parameters on to a client's method, or to one of
// known (forwarders found before), and returns its results unchanged (or
// is a statement of its own in a function with no results); otherwise
// nil.
func (env *Env) forwards(fn *types.Func, stmt ast.Stmt, known map[*types.Func]*ast.CallExpr) *ast.CallExpr {
	sig := fn.Signature()
	var e ast.Expr
	switch s := stmt.(type) {
	case *ast.ReturnStmt:
		if len(s.Results) != 1 {
			return nil
		}
		e = s.Results[0]
	case *ast.ExprStmt:
		if sig.Results().Len() != 0 {
			return nil
		}
		e = s.X
	default:
		return nil
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !(env.clientMethod(call, sig) || env.forwarderMethod(call, sig, known)) || !env.passesParams(call, sig) {
		return nil
	}
	if _, isReturn := stmt.(*ast.ReturnStmt); isReturn {
		inner := env.Info.TypeOf(call)
		if tuple, ok := inner.(*types.Tuple); ok {
			if !types.Identical(tuple, sig.Results()) {
				return nil
			}
		} else if sig.Results().Len() != 1 || !types.Identical(inner, sig.Results().At(0).Type()) {
			return nil
		}
	}
	return call
}

// clientMethod reports whether call is a method call of a recognised
// client (not a lock library, whose lock object stands for its key)
// whose receiver does not depend on sig's parameters.
func (env *Env) clientMethod(call *ast.CallExpr, sig *types.Signature) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !isMethod(fn) {
		return false
	}
	cp, ok := ClientPackageOf(fn.Pkg().Path())
	if !ok || (cp.Client == GoZero && recvTypeName(fn) == "RedisLock") {
		return false
	}
	return !env.readsParams(sel.X, sig)
}

// forwarderMethod reports whether call is a method call, on a receiver
// that does not depend on sig's parameters, of a forwarder in known (an
// interface method of this package counts by its one implementation).
func (env *Env) forwarderMethod(call *ast.CallExpr, sig *types.Signature, known map[*types.Func]*ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, _ := env.Devirtualized(call)
	return fn != nil && known[fn] != nil && !env.readsParams(sel.X, sig)
}

// readsParams reports whether e reads one of sig's parameters.
func (env *Env) readsParams(e ast.Expr, sig *types.Signature) bool {
	params := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := env.Info.Uses[id].(*types.Var); ok && isParam(v, sig) {
				params = true
			}
		}
		return !params
	})
	return params
}

// isParam reports whether v is one of sig's parameters.
func isParam(v *types.Var, sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		if p == v {
			return true
		}
	}
	return false
}

// passesParams reports whether call's arguments are sig's parameters, in
// order, each once, the last spread exactly when sig is variadic.
func (env *Env) passesParams(call *ast.CallExpr, sig *types.Signature) bool {
	params := sig.Params()
	if len(call.Args) != params.Len() || call.Ellipsis.IsValid() != sig.Variadic() {
		return false
	}
	for i, a := range call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok || env.Info.Uses[id] != params.At(i) {
			return false
		}
	}
	return true
}
