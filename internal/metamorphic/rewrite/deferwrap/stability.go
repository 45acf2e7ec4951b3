package deferwrap

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
)

// stability tells the operands of a deferred call whose value is the
// same at the defer statement and at the return.
type stability struct {
	info *types.Info
	body *ast.BlockStmt // the function that defers
	mod  *moduleFacts
}

// stableFunc reports whether the deferred function fun denotes the same
// function, with the same receiver value, at both moments.
func (s *stability) stableFunc(fun ast.Expr) bool {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		_, isFunc := s.info.Uses[f].(*types.Func)
		return isFunc
	case *ast.SelectorExpr:
		if _, isPkg := s.info.Uses[identOf(f.X)].(*types.PkgName); isPkg {
			_, isFunc := s.info.Uses[f.Sel].(*types.Func)
			return isFunc
		}
		sel := s.info.Selections[f]
		if sel == nil || sel.Kind() != types.MethodVal || !s.stable(f.X) {
			return false
		}
		if rewrite.IsClientPackage(pkgPath(sel.Obj())) {
			// A client's methods are promoted from plumbing (go-redis's
			// cmdable) that its constructor sets once.
			return true
		}
		_, ptrRecv := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
		_, ptrOperand := s.info.TypeOf(f.X).Underlying().(*types.Pointer)
		// A value method on a pointer copies the pointee at the defer.
		return ptrRecv || !ptrOperand || types.IsInterface(s.info.TypeOf(f.X))
	}
	return false
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// stable reports whether evaluating e at the defer statement or at the
// return gives the same value and has no effect.
func (s *stability) stable(e ast.Expr) bool {
	if tv, ok := s.info.Types[e]; ok && tv.Value != nil {
		return true // a constant
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return s.stableIdent(x)
	case *ast.SelectorExpr:
		if _, isPkg := s.info.Uses[identOf(x.X)].(*types.PkgName); isPkg {
			return s.stableIdent(x.Sel)
		}
		return false // a field can change between the two moments
	case *ast.BinaryExpr:
		return s.stable(x.X) && s.stable(x.Y)
	case *ast.UnaryExpr:
		return x.Op != token.AND && x.Op != token.ARROW && s.stable(x.X)
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if !s.stable(el) {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		if tv, ok := s.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return s.stable(x.Args[0]) // a conversion
		}
	case *ast.FuncLit:
		return false
	}
	return false
}

// stableIdent reports whether the name id keeps its value: a function,
// a constant, nil, a local variable assigned only by its declaration and
// never shared, or a package variable nothing in the module writes.
func (s *stability) stableIdent(id *ast.Ident) bool {
	switch obj := s.info.Uses[id].(type) {
	case *types.Func, *types.Const, *types.Nil:
		return true
	case *types.Var:
		if !rewrite.IsLocal(obj) {
			return obj.Pkg() != nil && !s.mod.assigned[obj.Pos()] && s.inModule(obj)
		}
		return !s.reassigned(obj) && rewrite.Unshared(s.info, s.body, obj)
	}
	return false
}

// inModule reports whether the package variable v is the module's: the
// module is all that can be searched for its assignments.
func (s *stability) inModule(v *types.Var) bool {
	return v.Pos().IsValid() && s.mod.moduleVars[v.Pos()]
}

// reassigned reports whether the function assigns v anywhere but in the
// statement that declares it.
func (s *stability) reassigned(v *types.Var) bool {
	found := false
	ast.Inspect(s.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && s.info.Uses[id] == v {
					found = true
				} else if !isIdent(lhs) && rewrite.Assigns(s.info, &ast.AssignStmt{Lhs: []ast.Expr{lhs}}, v) {
					found = true
				}
			}
		case *ast.IncDecStmt, *ast.RangeStmt:
			found = found || rewrite.Assigns(s.info, n, v)
		}
		return !found
	})
	return found
}

func isIdent(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.Ident)
	return ok
}
