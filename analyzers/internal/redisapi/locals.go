package redisapi

import (
	"go/ast"
	"go/token"
	"go/types"
)

// LocalInit returns the only value ever assigned to the local variable e
// denotes (x := expr, var x = expr), or nil when e is not such a variable,
// is assigned more than once, or is assigned from a multi-value call.
func (env *Env) LocalInit(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := env.Info.Uses[id].(*types.Var)
	if !ok || v.IsField() || (v.Pkg() != nil && v.Parent() == v.Pkg().Scope()) {
		return nil
	}
	env.indexLocals()
	d := env.locals[v]
	if d == nil || d.count != 1 {
		return nil
	}
	return d.init
}

type localDef struct {
	init  ast.Expr
	count int // assignments, definitions included; address-taken counts as many
}

// indexLocals records, once per package, every assignment to a local.
func (env *Env) indexLocals() {
	if env.locals != nil {
		return
	}
	env.locals = map[*types.Var]*localDef{}
	for _, f := range env.files {
		ast.Inspect(f, env.recordAssignments)
	}
}

func (env *Env) recordAssignments(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			var rhs ast.Expr
			if len(n.Lhs) == len(n.Rhs) {
				rhs = n.Rhs[i]
			}
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				rhs = nil // x += y
			}
			env.recordAssignment(lhs, rhs)
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			var rhs ast.Expr
			if len(n.Names) == len(n.Values) {
				rhs = n.Values[i]
			}
			env.recordDef(name, rhs)
		}
	case *ast.IncDecStmt:
		env.recordAssignment(n.X, nil)
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			env.recordAssignment(n.X, nil) // &x: writes we cannot see
			env.recordAssignment(n.X, nil)
		}
	case *ast.RangeStmt:
		env.recordAssignment(n.Key, nil)
		env.recordAssignment(n.Value, nil)
	}
	return true
}

func (env *Env) recordAssignment(lhs, rhs ast.Expr) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return
	}
	env.recordDef(id, rhs)
}

func (env *Env) recordDef(id *ast.Ident, rhs ast.Expr) {
	obj := env.Info.Defs[id]
	if obj == nil {
		obj = env.Info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() {
		return
	}
	d := env.locals[v]
	if d == nil {
		d = &localDef{}
		env.locals[v] = d
	}
	d.count++
	d.init = rhs
}

// Assigned reports whether v (typically a parameter) is ever assigned or
// has its address taken in the package.
func (env *Env) Assigned(v *types.Var) bool {
	env.indexLocals()
	d := env.locals[v]
	return d != nil && d.count > 0
}
