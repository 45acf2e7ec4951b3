package rediscall

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"

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
//	func do(c redis.Conn, cmd string, args []any) (any, error) { return c.Do(cmd, args...) }
//
// Leading parameters it does not pass on (the connection do is given)
// may only reach the receiver of its call; a variadic parameter may be
// passed on as a slice and a slice parameter spread.
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
// connection type over a client behind such an interface, a method that
// hands its receiver to a function like do): the chain is followed to
// the client's method, at most maxHolders calls deep.

// forwarder is what the one statement of a forwarder does.
type forwarder struct {
	call    *ast.CallExpr // the call it makes
	carried int           // its leading parameters that call does not pass on
	lead    int           // call's arguments before the parameters it passes
}

// tail says what the last arguments of a call stand for.
type tail int

const (
	elems    tail = iota // each argument is one value (of a variadic parameter too)
	spread               // the last argument is a slice spread (f(x, s...))
	gathered             // the arguments from the last parameter on make one slice
)

// RecognizeForwarded returns what call sends to Redis when its callee is
// a forwarder of this package: the client's call, with the caller's
// arguments; nil otherwise.
func (env *Env) RecognizeForwarded(call *ast.CallExpr) *Call {
	t := elems
	if call.Ellipsis.IsValid() {
		t = spread
	}
	return env.recognizeForwarded(call, t, 0)
}

func (env *Env) recognizeForwarded(call *ast.CallExpr, t tail, depth int) *Call {
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
	f := env.forwarders[fn]
	if f == nil || len(call.Args) < f.carried {
		return nil
	}
	sent, t := f.sent(call, fn.Signature(), t)
	innerSel, _ := ast.Unparen(f.call.Fun).(*ast.SelectorExpr) // a function of the package, or a method
	var recv ast.Expr
	if innerSel != nil {
		recv = innerSel.X
		if v := env.receiverField(fn, innerSel, lit); v != nil {
			// m.c, with m the literal the call is made on: what that
			// literal sets c to (mmImpl{c: redis.NewScript(src)}).
			recv = v
			sent.Fun = &ast.SelectorExpr{X: v, Sel: innerSel.Sel}
		}
	}
	var c *Call
	if t != gathered && innerSel != nil {
		c = env.recognize(sent)
	}
	if c == nil {
		c = env.recognizeForwarded(sent, t, depth+1) // a forwarder's forwarder
	}
	if c == nil {
		return nil
	}
	if recv != nil && c.ClientExpr == recv {
		c.ClientExpr = nil // the forwarder's own client, out of the caller's scope
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			c.ClientExpr = sel.X
		}
	}
	c.Expr, c.Forwarded = call, true
	return env.classified(c)
}

// sent returns the call f makes when its forwarder, of signature sig, is
// called by call, whose last arguments are t: f's call with the
// arguments of call that f passes on, and what its last arguments are.
func (f *forwarder) sent(call *ast.CallExpr, sig *types.Signature, t tail) (*ast.CallExpr, tail) {
	args := append(slices.Clip(f.call.Args[:f.lead]), call.Args[f.carried:]...)
	if f.carried == sig.Params().Len() {
		t = elems // the arguments passed on are the call's own
	} else { // the last parameter is passed on
		switch spreads := f.call.Ellipsis.IsValid(); {
		case sig.Variadic() && t == elems && !spreads:
			t = gathered
		case sig.Variadic() && t == spread && !spreads:
			t = elems
		case !sig.Variadic() && t == elems && spreads:
			t = spread
		case !sig.Variadic() && t == gathered && spreads:
			t = elems
		}
	}
	sent := &ast.CallExpr{Fun: f.call.Fun, Lparen: call.Lparen, Args: args, Rparen: call.Rparen}
	if t == spread {
		sent.Ellipsis = f.call.Ellipsis
		if call.Ellipsis.IsValid() {
			sent.Ellipsis = call.Ellipsis
		}
	}
	return sent, t
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

// indexForwarders maps each forwarder of the package to what its body
// does: first those that call a client's method, then, round by round,
// those that call a forwarder found before (each round adds one, or the
// index is complete).
func (env *Env) indexForwarders() map[*types.Func]*forwarder {
	type candidate struct {
		fn   *types.Func
		stmt ast.Stmt
	}
	var cands []candidate
	for fn, fd := range env.oneStatementFuncs() {
		if fd.Type.TypeParams == nil {
			cands = append(cands, candidate{fn, fd.Body.List[0]})
		}
	}
	out := map[*types.Func]*forwarder{}
	for added := true; added; {
		added = false
		for _, c := range cands {
			if out[c.fn] == nil {
				if f := env.forwards(c.fn, c.stmt, out); f != nil {
					out[c.fn], added = f, true
				}
			}
		}
	}
	return out
}

// oneStatementFuncs yields each function and method of the package whose
// body is one statement.
func (env *Env) oneStatementFuncs() iter.Seq2[*types.Func, *ast.FuncDecl] {
	return func(yield func(*types.Func, *ast.FuncDecl) bool) {
		for _, f := range env.Files {
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil || len(fd.Body.List) != 1 {
					continue
				}
				if fn, ok := env.Info.Defs[fd.Name].(*types.Func); ok && !yield(fn, fd) {
					return
				}
			}
		}
	}
}

// forwards returns what stmt, the only statement of fn, does when it
// passes fn's parameters on to a client's method, or to one of known
// (forwarders found before), and returns its results unchanged (or is a
// statement of its own in a function with no results); otherwise nil.
func (env *Env) forwards(fn *types.Func, stmt ast.Stmt, known map[*types.Func]*forwarder) *forwarder {
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
	if !ok {
		return nil
	}
	if _, isReturn := stmt.(*ast.ReturnStmt); isReturn && !sameResults(env.Info.TypeOf(call), sig) {
		return nil
	}
	carriers := 0 // how many leading arguments of call the callee does not pass on
	if inner := env.forwarderCallee(call, known); inner != nil {
		carriers = inner.carried
	} else if !env.clientMethod(call) {
		return nil
	}
	return env.passesParams(call, sig, carriers)
}

// sameResults reports whether inner, the type of a call, is the results
// of sig.
func sameResults(inner types.Type, sig *types.Signature) bool {
	if tuple, ok := inner.(*types.Tuple); ok {
		return types.Identical(tuple, sig.Results())
	}
	return sig.Results().Len() == 1 && types.Identical(inner, sig.Results().At(0).Type())
}

// clientMethod reports whether call is a method call of a recognised
// client (not a lock library, whose lock object stands for its key).
func (env *Env) clientMethod(call *ast.CallExpr) bool {
	if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok {
		return false
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !isMethod(fn) {
		return false
	}
	cp, ok := ClientPackageOf(fn.Pkg().Path())
	return ok && !(cp.Client == GoZero && recvTypeName(fn) == "RedisLock")
}

// forwarderCallee returns the forwarder in known that call calls (an
// interface method of this package counts by its one implementation).
func (env *Env) forwarderCallee(call *ast.CallExpr, known map[*types.Func]*forwarder) *forwarder {
	fn, _ := env.Devirtualized(call)
	if fn == nil {
		return nil
	}
	return known[fn]
}

// readsParams reports whether e reads one of params.
func (env *Env) readsParams(e ast.Expr, params []*types.Var) bool {
	reads := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := env.Info.Uses[id].(*types.Var); ok && slices.Contains(params, v) {
				reads = true
			}
		}
		return !reads
	})
	return reads
}

// passesParams returns what call does when its last arguments are the
// last parameters of sig, in order, each once, and its other arguments
// (at most carriers of them: those its callee does not pass on) and its
// receiver read none of those; the leading parameters sig does not pass
// on may reach only the receiver and those arguments. Nil otherwise.
func (env *Env) passesParams(call *ast.CallExpr, sig *types.Signature, carriers int) *forwarder {
	params := slices.Collect(sig.Params().Variables())
	for carried := 0; carried <= len(params); carried++ {
		passed := params[carried:]
		lead := len(call.Args) - len(passed)
		if lead < 0 || lead > carriers {
			continue
		}
		if !env.argsAre(call.Args[lead:], passed) || slices.ContainsFunc(call.Args[:lead], func(a ast.Expr) bool { return env.readsParams(a, passed) }) {
			continue
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && env.readsParams(sel.X, passed) {
			continue
		}
		return &forwarder{call: call, carried: carried, lead: lead}
	}
	return nil
}

// argsAre reports whether args are the identifiers of params, in order.
func (env *Env) argsAre(args []ast.Expr, params []*types.Var) bool {
	for i, a := range args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok || env.Info.Uses[id] != params[i] {
			return false
		}
	}
	return true
}
