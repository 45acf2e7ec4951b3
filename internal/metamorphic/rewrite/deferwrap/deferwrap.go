// Package deferwrap holds the refactoring that wraps a deferred call in
// a deferred function literal (DeferClosure): defer x() and
// defer func() { x() }() release the lock at the same moment, and
// leasevet must judge the release the same way.
package deferwrap

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// DeferClosure wraps a deferred release in a function literal:
//
//	defer rdb.Del(ctx, key)
//	defer l.Unlock(ctx)
//
// become
//
//	defer func() { rdb.Del(ctx, key) }()
//	defer func() { l.Unlock(ctx) }()
//
// A deferred call evaluates its function and arguments at the defer
// statement, the literal at the return: the two agree only when those
// values cannot change in between, so every operand must be a constant,
// a function, or a variable nothing assigns after its declaration (a
// local whose address is not taken, or a package variable nothing in the
// module assigns), and the call a method of such a variable that does
// not copy it (a pointer method, a value method on a value, or a
// client's method, promoted from plumbing its constructor sets). Fields
// and calls in the operands keep the statement as it is. The deferred
// function must be a command, a lock library's call or a function of the
// module that issues one, and must not call recover, which works only in
// the deferred function itself.
type DeferClosure struct{}

// Name implements rewrite.Kind.
func (DeferClosure) Name() string { return "defer-closure" }

// Places implements rewrite.Kind.
func (DeferClosure) Places(m *workspace.Module) []rewrite.Place {
	mod := newModuleFacts(m)
	cmds := rewrite.NewCommands(m)
	var places []rewrite.Place
	for _, f := range rewrite.Files(m) {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			d, ok := path[0].(*ast.DeferStmt)
			if !ok || !wrappable(f, mod, cmds, d, path) {
				return true
			}
			places = append(places, rewrite.Place{Pos: d.Pos(), End: d.End(),
				What:  "defer of " + types.ExprString(d.Call.Fun) + " into a function literal",
				Apply: func(e *workspace.Edit) error { return wrap(e, d) }})
			return true
		})
	}
	return places
}

// wrappable reports whether the deferred call of d can move into a
// function literal.
func wrappable(f *workspace.File, mod *moduleFacts, cmds *rewrite.Commands, d *ast.DeferStmt, path []ast.Node) bool {
	if _, lit := ast.Unparen(d.Call.Fun).(*ast.FuncLit); lit || rewrite.NearDirective(f, d) {
		return false
	}
	if !cmds.Issues(f.Info, d.Call) || mod.mayRecover(f.Info, d.Call) {
		return false
	}
	fd := rewrite.EnclosingFunc(path)
	if fd == nil {
		return false
	}
	s := &stability{info: f.Info, body: fd.Body, mod: mod}
	if !s.stableFunc(d.Call.Fun) {
		return false
	}
	for _, a := range d.Call.Args {
		if !s.stable(a) {
			return false
		}
	}
	return true
}

// wrap makes the change: the call moves into the literal's body.
func wrap(e *workspace.Edit, d *ast.DeferStmt) error {
	c := e.Node(d).(*ast.DeferStmt)
	call := c.Call
	lit := &ast.FuncLit{Type: &ast.FuncType{Func: call.Pos(), Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: call}}}}
	c.Call = &ast.CallExpr{Fun: lit}
	e.Own(c.Call)
	e.Anchor(c.Call, call.Pos())
	return nil
}

// moduleFacts is what the kind needs to know of the whole module: the
// package variables something assigns, and the functions that call
// recover.
type moduleFacts struct {
	// Both are keyed by the object's position: a package's files are
	// checked twice (with and without its tests), each time with objects
	// of their own, and the position is what the copies share.
	assigned   map[token.Pos]bool // package variables something writes or takes the address of
	recovers   map[token.Pos]bool // functions and methods whose body calls recover
	byName     map[string]bool    // the name of a method of the module that calls recover
	moduleVars map[token.Pos]bool // the module's package variables
}

func newModuleFacts(m *workspace.Module) *moduleFacts {
	mod := &moduleFacts{assigned: map[token.Pos]bool{}, recovers: map[token.Pos]bool{}, byName: map[string]bool{},
		moduleVars: map[token.Pos]bool{}}
	for _, f := range m.Files() {
		ast.Inspect(f.Syntax, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for _, name := range n.Names {
					if v, ok := f.Info.Defs[name].(*types.Var); ok && !rewrite.IsLocal(v) {
						mod.moduleVars[v.Pos()] = true
					}
				}
			case *ast.FuncDecl:
				if n.Body != nil && rewrite.CallsRecover(f.Info, n.Body) {
					if obj := f.Info.Defs[n.Name]; obj != nil {
						mod.recovers[obj.Pos()] = true
						mod.byName[obj.Name()] = true
					}
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					mod.markRoot(f.Info, lhs)
				}
			case *ast.IncDecStmt:
				mod.markRoot(f.Info, n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					mod.markRoot(f.Info, n.X)
				}
			}
			return true
		})
	}
	return mod
}

// markRoot records the package variable that the written expression e
// is, or is a part of.
func (mod *moduleFacts) markRoot(info *types.Info, e ast.Expr) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok && !rewrite.IsLocal(v) {
				mod.assigned[v.Pos()] = true
			}
			return
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				if _, pkg := info.Uses[id].(*types.PkgName); pkg {
					e = x.Sel
					continue
				}
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return
		}
	}
}

// mayRecover reports whether the deferred call may call recover: a
// function or method of the module that does, or a method of an
// interface of the module that one of its methods of that name does.
func (mod *moduleFacts) mayRecover(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return true
	}
	if rewrite.IsClientPackage(pkgPath(fn)) {
		return false
	}
	if mod.recovers[fn.Pos()] {
		return true
	}
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) && mod.byName[fn.Name()]
}

func pkgPath(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}
