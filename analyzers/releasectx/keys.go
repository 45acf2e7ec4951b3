package releasectx

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// A ctxKey names a context the code can be shown to hold on a path: a
// local variable or parameter (path ""), a field path over one
// ("h.ctx": path ".ctx"), or an *http.Request's context ("r.Context()":
// path "()"). Two expressions with the same key denote the same context
// as long as nothing assigns the root or the fields in between.
type ctxKey struct {
	root *types.Var
	path string
}

// requestContext is the path of r.Context() for an *http.Request r: the
// request's context, fixed for the request value.
const requestContext = "()"

// keyOf returns the key of e, a context expression, or false when e is
// not one the analysis follows: a package variable, a call, a field of
// something that is not a local variable, a type other than
// context.Context.
func keyOf(info *types.Info, e ast.Expr) (ctxKey, bool) {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		return requestKey(info, call)
	}
	if !isContext(info.TypeOf(e)) {
		return ctxKey{}, false
	}
	return varPath(info, e)
}

// varPath returns the key of an identifier or of a field selector chain
// over a local variable.
func varPath(info *types.Info, e ast.Expr) (ctxKey, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			v, ok = info.Defs[e].(*types.Var)
		}
		if !ok || v.IsField() || isPackageLevel(v) {
			return ctxKey{}, false
		}
		return ctxKey{root: v}, true
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal {
			return ctxKey{}, false
		}
		k, ok := varPath(info, e.X)
		if !ok || k.path == requestContext {
			return ctxKey{}, false
		}
		return ctxKey{root: k.root, path: k.path + "." + e.Sel.Name}, true
	}
	return ctxKey{}, false
}

// requestKey returns the key of r.Context() for a local *http.Request r.
func requestKey(info *types.Info, call *ast.CallExpr) (ctxKey, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || len(call.Args) != 0 || fn.Name() != "Context" || !isMethodOf(fn, "net/http", "Request") {
		return ctxKey{}, false
	}
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return ctxKey{}, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || isPackageLevel(v) {
		return ctxKey{}, false
	}
	return ctxKey{root: v, path: requestContext}, true
}

// String is the key as the code writes it.
func (k ctxKey) String() string {
	if k.path == requestContext {
		return k.root.Name() + ".Context()"
	}
	return k.root.Name() + k.path
}

// fields returns the field names of the key's path.
func (k ctxKey) fields() []string {
	if k.path == "" || k.path == requestContext {
		return nil
	}
	return strings.Split(k.path[1:], ".")
}

func isPackageLevel(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// isContext reports whether t is context.Context itself: other types
// that implement it (a framework's request context) may answer Done
// with nil or cancel on their own terms.
func isContext(t types.Type) bool {
	return isNamed(t, "context", "Context")
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// isMethodOf reports whether fn is a method of pkg.name or *pkg.name.
func isMethodOf(fn *types.Func, pkg, name string) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return isNamed(t, pkg, name)
}

// isFunc reports whether fn is the package-level function pkg.name.
func isFunc(f *types.Func, pkg string, names ...string) bool {
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != pkg || f.Signature().Recv() != nil {
		return false
	}
	for _, n := range names {
		if f.Name() == n {
			return true
		}
	}
	return false
}
