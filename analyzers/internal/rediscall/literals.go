package rediscall

import (
	"go/ast"
	"go/types"
)

// SliceElems returns the elements of a []string{...} literal, directly or
// through a single-assignment local, or nil (see SliceLiteral).
func (env *Env) SliceElems(e ast.Expr) []ast.Expr {
	elts, _ := env.SliceLiteral(e)
	return elts
}

// SliceLiteral returns the elements of a slice literal (directly or
// through a local assigned once) and whether e is one: an empty literal
// is all the arguments there are, a slice built elsewhere is not known.
func (env *Env) SliceLiteral(e ast.Expr) ([]ast.Expr, bool) {
	if e == nil {
		return nil, false
	}
	if init := env.LocalInit(e); init != nil {
		e = init
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	for _, elt := range lit.Elts {
		if _, ok := elt.(*ast.KeyValueExpr); ok {
			return nil, false
		}
	}
	return lit.Elts, true
}

// CompositeFields returns the keyed fields of a struct literal (or of
// &T{}), directly or through a local assigned it once whose fields the
// code never selects.
func (env *Env) CompositeFields(e ast.Expr) (map[string]ast.Expr, bool) {
	if e == nil {
		return nil, false
	}
	e = ast.Unparen(e)
	if init := env.LocalInit(e); init != nil && !env.selected[env.Info.Uses[e.(*ast.Ident)].(*types.Var)] {
		e = ast.Unparen(init) // args := redis.SetArgs{...}, its fields never touched
	}
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	fields := map[string]ast.Expr{}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			fields[id.Name] = kv.Value
		}
	}
	return fields, true
}
