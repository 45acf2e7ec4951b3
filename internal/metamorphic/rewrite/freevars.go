package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// FreeVars returns the local variables (parameters and receivers
// included) that n refers to and does not declare, in the order of their
// first use.
func FreeVars(info *types.Info, n ast.Node) []*types.Var {
	var vars []*types.Var
	seen := map[*types.Var]bool{}
	ast.Inspect(n, func(x ast.Node) bool {
		id, ok := x.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.IsField() || seen[v] || !IsLocal(v) || (v.Pos() >= n.Pos() && v.Pos() < n.End()) {
			return true
		}
		seen[v] = true
		vars = append(vars, v)
		return true
	})
	return vars
}

// IsLocal reports whether v is declared in a function.
func IsLocal(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && v.Parent() != types.Universe
}

// Assigns reports whether n can change the variable v: it assigns v, or
// a part of v's own value (a field or element of a struct or array v),
// increments it, takes its address or a part's (&v, v[:] on an array,
// a pointer method called on it), or ranges into it.
func Assigns(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				found = found || writesVar(info, lhs, v)
			}
		case *ast.IncDecStmt:
			found = found || writesVar(info, x.X, v)
		case *ast.RangeStmt:
			found = found || (x.Tok == token.ASSIGN && (writesVar(info, x.Key, v) || writesVar(info, x.Value, v)))
		case *ast.UnaryExpr:
			found = found || (x.Op == token.AND && writesVar(info, x.X, v))
		case *ast.SliceExpr:
			found = found || (isArray(info.TypeOf(x.X)) && writesVar(info, x.X, v))
		case *ast.SelectorExpr:
			found = found || (pointerMethodOnValue(info, x) && writesVar(info, x.X, v))
		}
		return !found
	})
	return found
}

// writesVar reports whether writing to the expression e (an assignment's
// left side) changes v's own value: e is v, or a field or element of v
// reached without going through a pointer, slice or map.
func writesVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x) == v
		case *ast.SelectorExpr:
			if !isValueAggregate(info.TypeOf(x.X)) {
				return false
			}
			e = x.X
		case *ast.IndexExpr:
			if !isArray(info.TypeOf(x.X)) {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
	return false
}

// isValueAggregate reports whether t is a struct or array held by value.
func isValueAggregate(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

func isArray(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Array)
	return ok
}

// pointerMethodOnValue reports whether sel selects a method with a
// pointer receiver on an operand that is not a pointer: Go takes the
// operand's address.
func pointerMethodOnValue(info *types.Info, sel *ast.SelectorExpr) bool {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	recv := s.Obj().Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	_, ptrRecv := recv.Type().(*types.Pointer)
	_, ptrOperand := s.Recv().Underlying().(*types.Pointer)
	return ptrRecv && !ptrOperand
}

// Unshared reports whether only statements of body written outside
// function literals can change v, a variable declared in body's function:
// nothing takes its address and no function literal assigns it. Then v
// keeps its value between two points of body that nothing between them
// assigns.
func Unshared(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	shared := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			shared = shared || Assigns(info, x.Body, v)
			return false
		case *ast.UnaryExpr:
			shared = shared || (x.Op == token.AND && writesVar(info, x.X, v))
		case *ast.SliceExpr:
			shared = shared || (isArray(info.TypeOf(x.X)) && writesVar(info, x.X, v))
		case *ast.SelectorExpr:
			shared = shared || (pointerMethodOnValue(info, x) && writesVar(info, x.X, v))
		}
		return !shared
	})
	return !shared
}

// EnclosingFunc returns the outermost function declaration on path, or
// nil.
func EnclosingFunc(path []ast.Node) *ast.FuncDecl {
	var fd *ast.FuncDecl
	for _, n := range path {
		if f, ok := n.(*ast.FuncDecl); ok {
			fd = f
		}
	}
	return fd
}

// CallsRecover reports whether n calls the builtin recover, in a
// function literal too. recover works only when the deferred function
// calls it itself, so code that calls it cannot move into another
// function.
func CallsRecover(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "recover" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
