package releasectx

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"golang.org/x/tools/go/types/typeutil"
)

// transfer applies node n of a block to st: a receive from ctx.Done()
// shows ctx done; an assignment forgets what it overwrites and records
// what it stores (a context derived from a done one, an Err() or a
// Done() of a context); a call of this package that receives a variable
// may assign its fields.
func (f *flow) transfer(st *state, n ast.Node) {
	switch n := n.(type) {
	case *ast.ExprStmt:
		if k, ok := f.receivesDone(n, st); ok && !f.comms[n] {
			st.gen(k, evidence{pos: n.Pos(), text: types.ExprString(n.X)})
		}
	case *ast.AssignStmt:
		if f.comms[n] { // case v := <-ch: assigned only if chosen
			for _, l := range n.Lhs {
				f.assignTo(st, l)
			}
			break
		}
		f.assign(st, n.Lhs, n.Rhs)
	case *ast.ValueSpec:
		lhs := make([]ast.Expr, len(n.Names))
		for i, id := range n.Names {
			lhs[i] = id
		}
		f.assign(st, lhs, n.Values)
	}
	f.killByCalls(st, n)
}

// assign applies lhs = rhs: what the right side shows is computed
// before the left side is forgotten.
func (f *flow) assign(st *state, lhs, rhs []ast.Expr) {
	type gen struct {
		v  *types.Var
		do func(*state, ctxKey)
	}
	var gens []gen
	for i, l := range lhs {
		v := f.localVar(l)
		if v == nil {
			continue
		}
		var r ast.Expr
		switch {
		case len(rhs) == len(lhs):
			r = rhs[i]
		case len(rhs) == 1 && i == 0:
			r = rhs[0] // rctx, cancel := context.WithTimeout(ctx, d)
		default:
			continue
		}
		if do := f.stores(st, r); do != nil {
			gens = append(gens, gen{v, do})
		}
	}
	for _, l := range lhs {
		f.assignTo(st, l)
	}
	for _, g := range gens {
		g.do(st, ctxKey{root: g.v})
	}
}

// stores returns how a variable assigned r is known afterwards, st
// holding before the assignment, or nil.
func (f *flow) stores(st *state, r ast.Expr) func(*state, ctxKey) {
	if k, ok := f.key(r); ok {
		if ev, done := st.done[k]; done && isContext(f.info.TypeOf(r)) {
			return derived(ev, k) // rctx := ctx
		}
		return nil
	}
	if src, ok := f.errOf(r, st); ok {
		return func(s *state, v ctxKey) { s.errOf[v.root] = src }
	}
	call, ok := ast.Unparen(r).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if k, ok := f.contextMethod(call, "Done"); ok {
		return func(s *state, v ctxKey) { s.chOf[v.root] = k }
	}
	if isFunc(calleeFunc(f.info, call), "context", derivations...) && len(call.Args) > 0 {
		if k, ok := f.key(call.Args[0]); ok {
			if ev, done := st.done[k]; done {
				return derived(ev, k)
			}
		}
	}
	return nil
}

// derivations are the context package's functions whose result is done
// whenever their parent is (WithoutCancel is not one of them).
var derivations = []string{"WithCancel", "WithCancelCause", "WithTimeout", "WithTimeoutCause",
	"WithDeadline", "WithDeadlineCause", "WithValue"}

// derived returns the gen of a context derived from k, done by ev.
func derived(ev evidence, k ctxKey) func(*state, ctxKey) {
	if ev.from == "" {
		ev.from = k.String()
	}
	return func(s *state, v ctxKey) {
		if isContext(v.root.Type()) {
			s.gen(v, ev)
		}
	}
}

// assignTo forgets what st knows through the assigned expression e.
func (f *flow) assignTo(st *state, e ast.Expr) {
	switch e := ast.Unparen(e).(type) {
	case nil:
	case *ast.Ident:
		if v := f.localVar(e); v != nil {
			st.kill(v)
		}
	case *ast.SelectorExpr:
		st.killField(e.Sel.Name)
	}
}

// killByCalls forgets the field keys of the variables that calls of
// this package in n receive (l.reset() may assign l.ctx).
func (f *flow) killByCalls(st *state, n ast.Node) {
	inspectCalls(n, func(call *ast.CallExpr) {
		fn := calleeFunc(f.info, call)
		if fn == nil || fn.Pkg() != f.pkg {
			return
		}
		args := call.Args
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			args = append([]ast.Expr{sel.X}, args...)
		}
		for _, a := range args {
			ast.Inspect(a, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := f.info.Uses[id].(*types.Var); ok {
						st.killFieldsOf(v)
					}
				}
				return true
			})
		}
	})
}

// receivesDone returns the context whose Done channel the statement
// receives from: <-ctx.Done(), <-done with done := ctx.Done(), or
// v, ok := <-ctx.Done().
func (f *flow) receivesDone(s ast.Stmt, st *state) (ctxKey, bool) {
	u, ok := ast.Unparen(recvExpr(s)).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return ctxKey{}, false
	}
	if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok {
		return f.contextMethod(call, "Done")
	}
	if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
		if v, ok := f.info.Uses[id].(*types.Var); ok {
			k, ok := st.chOf[v]
			return k, ok
		}
	}
	return ctxKey{}, false
}

// recvExpr returns the received expression of a receive statement.
func recvExpr(s ast.Stmt) ast.Expr {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			return s.Rhs[0]
		}
	}
	return nil
}

// contextMethod returns the key of k in a call k.name() of a
// context.Context method.
func (f *flow) contextMethod(call *ast.CallExpr, name string) (ctxKey, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name || len(call.Args) != 0 || !isContext(f.info.TypeOf(sel.X)) {
		return ctxKey{}, false
	}
	return f.key(sel.X)
}

// key is keyOf, for roots the flow follows.
func (f *flow) key(e ast.Expr) (ctxKey, bool) {
	k, ok := keyOf(f.info, e)
	if !ok || f.untracked[k.root] {
		return ctxKey{}, false
	}
	return k, true
}

// localVar returns the local variable or parameter e names, or nil.
func (f *flow) localVar(e ast.Expr) *types.Var {
	v := analysisutil.VarOf(f.info, e)
	if v == nil || v.IsField() || isPackageLevel(v) {
		return nil
	}
	return v
}

func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// inspectCalls calls visit with each call in n, outside function
// literals.
func inspectCalls(n ast.Node, visit func(*ast.CallExpr)) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			visit(n)
		}
		return true
	})
}

// doneArg returns what shows the context expression e done where st
// holds, and the key it is about: a key shown done, or
// context.WithValue of one (a derivation with a single result, so it
// can stand as an argument).
func (f *flow) doneArg(e ast.Expr, st *state) (evidence, bool) {
	if k, ok := f.key(e); ok {
		ev, done := st.done[k]
		return ev, done
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !isFunc(calleeFunc(f.info, call), "context", "WithValue") || len(call.Args) != 3 {
		return evidence{}, false
	}
	ev, ok := f.doneArg(call.Args[0], st)
	if ok && ev.from == "" {
		ev.from = types.ExprString(call.Args[0])
	}
	return ev, ok
}
