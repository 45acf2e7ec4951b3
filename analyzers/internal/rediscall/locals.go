package rediscall

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

// PackageInit returns the initialiser of the package-level variable e
// denotes when it is never assigned again (nor its address taken), or nil.
func (env *Env) PackageInit(e ast.Expr) ast.Expr {
	v := env.PackageVar(e)
	if v == nil {
		return nil
	}
	env.indexLocals()
	if d := env.locals[v]; d == nil || d.count != 1 {
		return nil
	}
	return env.inits[v]
}

type localDef struct {
	init  ast.Expr
	count int // assignments, definitions included; address-taken counts as many
	// writes are every value assigned, in source order, for the readers
	// that need them all (LoadedScriptOf); see varWrite.
	writes []varWrite
}

// A varWrite is one value assigned to a variable: rhs, or the first result
// of the multi-value call rhs (sha, err := rdb.ScriptLoad(...).Result())
// when first is set, or its zero value (var x string) when zero is set;
// rhs is nil for a write that cannot be read (x += y, &x, a range).
type varWrite struct {
	rhs   ast.Expr
	first bool
	zero  bool
}

// indexLocals records, once per package, every assignment to a local.
func (env *Env) indexLocals() {
	if env.locals != nil {
		return
	}
	env.locals = map[*types.Var]*localDef{}
	env.fields = map[*types.Var]*localDef{}
	env.ranges = map[*types.Var]ast.Expr{}
	env.selected = map[*types.Var]bool{}
	for _, f := range env.Files {
		ast.Inspect(f, env.recordAssignments)
	}
	env.indexReturns()
}

func (env *Env) recordAssignments(n ast.Node) bool {
	env.recordFieldNode(n)
	switch n := n.(type) {
	case *ast.SelectorExpr:
		if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
			if v, ok := env.Info.Uses[id].(*types.Var); ok {
				env.selected[v] = true
			}
		}
	case *ast.AssignStmt:
		simple := n.Tok == token.ASSIGN || n.Tok == token.DEFINE // not x += y
		for i, lhs := range n.Lhs {
			var w varWrite
			switch {
			case !simple:
			case len(n.Lhs) == len(n.Rhs):
				w.rhs = n.Rhs[i]
			case len(n.Rhs) == 1 && i == 0:
				w.rhs, w.first = n.Rhs[0], true
			}
			env.recordAssignment(lhs, w)
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			w := varWrite{zero: len(n.Values) == 0}
			if len(n.Names) == len(n.Values) {
				w.rhs = n.Values[i]
			}
			env.recordDef(name, w)
		}
	case *ast.IncDecStmt:
		env.recordAssignment(n.X, varWrite{})
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			env.recordAssignment(n.X, varWrite{}) // &x: writes we cannot see
			env.recordAssignment(n.X, varWrite{})
		}
	case *ast.RangeStmt:
		env.recordAssignment(n.Key, varWrite{})
		env.recordAssignment(n.Value, varWrite{})
		env.recordRange(n)
	}
	return true
}

func (env *Env) recordAssignment(lhs ast.Expr, w varWrite) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		env.recordFieldWrite(lhs, w)
		return
	}
	env.recordDef(id, w)
}

func (env *Env) recordDef(id *ast.Ident, w varWrite) {
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
	d.init = w.rhs
	if w.first {
		d.init = nil // one result of a multi-value call
	}
	d.writes = append(d.writes, w)
}

// WrittenOnce reports whether the local variable v is written exactly
// once, by its declaration or one assignment, a multi-value one included
// (id, err := uuid.NewRandom()), and never has its address taken.
func (env *Env) WrittenOnce(v *types.Var) bool {
	env.indexLocals()
	d := env.locals[v]
	return d != nil && d.count == 1
}

// Assigned reports whether v (typically a parameter) is ever assigned or
// has its address taken in the package.
func (env *Env) Assigned(v *types.Var) bool {
	env.indexLocals()
	d := env.locals[v]
	return d != nil && d.count > 0
}

// recordRange records the slice or array whose elements the value
// variable of `for _, v := range X` takes.
func (env *Env) recordRange(n *ast.RangeStmt) {
	id, ok := n.Value.(*ast.Ident)
	if !ok || n.Tok != token.DEFINE {
		return
	}
	v, ok := env.Info.Defs[id].(*types.Var)
	if !ok {
		return
	}
	switch env.Info.TypeOf(n.X).Underlying().(type) {
	case *types.Slice, *types.Array:
		env.ranges[v] = n.X
	}
}

// RangeOf returns X when e is the value variable of `for _, e := range
// X` over a slice or array, never assigned in the loop; nil otherwise.
func (env *Env) RangeOf(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := env.Info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	env.indexLocals()
	if d := env.locals[v]; d == nil || d.count != 1 {
		return nil
	}
	return env.ranges[v]
}

// IsLocal reports whether v is a local variable or a parameter of a
// function: no field, no package variable.
func IsLocal(v *types.Var) bool {
	return !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

// ReadVars returns the local variables and parameters e reads, and those
// read by the one value of each local it reads that is assigned once
// (ms := d.Milliseconds(): a test of d tests ms too).
func (env *Env) ReadVars(e ast.Expr) map[*types.Var]bool {
	vars := map[*types.Var]bool{}
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := env.Info.Uses[id].(*types.Var)
			if !ok || vars[v] || !IsLocal(v) {
				return true
			}
			vars[v] = true
			if init := env.LocalInit(id); init != nil {
				visit(init)
			}
			return true
		})
	}
	visit(e)
	return vars
}
