package helper

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/extraction"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/typename"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// liftFields makes a parameter of each field read through v (a variable
// whose type is of the moved code's own package): every use of v must
// be a chain of field selections that reaches a type of another package
// (l.rdb, l.opts.key), not a struct held by value, and nothing in the
// moved code may write through v or take an address through it.
func (mv *move) liftFields(v *types.Var, taken map[string]bool) error {
	info, own := mv.File.Info, mv.File.Pkg.Path
	byExpr := map[string]int{} // a chain's text → its lift
	for _, e := range mv.Moved {
		if writesThrough(info, e, v) {
			return errors.New("writes through a variable of its own package")
		}
		var err error
		rewrite.Inspect(e, func(path []ast.Node) bool {
			id, ok := path[0].(*ast.Ident)
			if !ok || info.Uses[id] != v || err != nil {
				return err == nil
			}
			var prefix *ast.SelectorExpr
			prefix, err = fieldPrefix(info, path, own)
			if err != nil {
				return false
			}
			k := types.ExprString(prefix)
			if i, ok := byExpr[k]; ok {
				mv.lifted[i].nodes = append(mv.lifted[i].nodes, prefix)
				return false
			}
			byExpr[k] = len(mv.lifted)
			name := freeName(prefix.Sel.Name, taken)
			mv.lifted = append(mv.lifted, lift{extraction.Param{Name: name, Type: info.TypeOf(prefix)}, []ast.Expr{prefix}})
			return false
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// fieldPrefix returns the shortest chain of field selections that starts
// at the identifier path begins with and whose type is of another
// package than own.
func fieldPrefix(info *types.Info, path []ast.Node, own string) (*ast.SelectorExpr, error) {
	cur := path[0].(ast.Expr)
	for i := 1; i < len(path); i++ {
		sel, ok := path[i].(*ast.SelectorExpr)
		if !ok || sel.X != cur {
			break
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			break
		}
		t := info.TypeOf(sel)
		if !typename.Mentions(t, own) {
			if isAggregate(t) {
				return nil, errors.New("a field held by value")
			}
			if u, ok := path[i+1].(*ast.UnaryExpr); ok && u.Op == token.AND {
				return nil, errors.New("the address of a field")
			}
			return sel, nil
		}
		cur = sel
	}
	return nil, errors.New("a variable of its own package used otherwise than for its fields")
}

func isAggregate(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// writesThrough reports whether n assigns, increments or takes the
// address of something reached from v.
func writesThrough(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				found = found || rootIs(info, lhs, v)
			}
		case *ast.IncDecStmt:
			found = found || rootIs(info, x.X, v)
		case *ast.UnaryExpr:
			found = found || (x.Op == token.AND && rootIs(info, x.X, v))
		}
		return !found
	})
	return found
}

// rootIs reports whether e is v or a selection, index or dereference
// chain that starts at v.
func rootIs(info *types.Info, e ast.Expr, v *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.Uses[x] == v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}

// liftPackageLevel makes a parameter of each package variable and string
// constant of the own package that the moved code reads; a function or
// type of the package, or a variable it assigns, keeps the code where it
// is.
func (mv *move) liftPackageLevel(taken map[string]bool) error {
	info, pkg := mv.File.Info, mv.File.Pkg.Types
	lifts := map[types.Object]int{}
	for _, e := range mv.Moved {
		var err error
		ast.Inspect(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || err != nil {
				return err == nil
			}
			obj := info.Uses[id]
			if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != pkg.Path() || obj.Parent() != pkg.Scope() {
				return true
			}
			t, lerr := liftedType(info, e, obj)
			if lerr != nil {
				err = lerr
				return false
			}
			if i, ok := lifts[obj]; ok {
				mv.lifted[i].nodes = append(mv.lifted[i].nodes, id)
				return true
			}
			lifts[obj] = len(mv.lifted)
			mv.lifted = append(mv.lifted, lift{extraction.Param{Name: freeName(obj.Name(), taken), Type: t}, []ast.Expr{id}})
			return true
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// liftedType returns the type of the parameter that stands for the
// package-level obj in the moved code e.
func liftedType(info *types.Info, e ast.Node, obj types.Object) (types.Type, error) {
	switch obj := obj.(type) {
	case *types.Var:
		if rewrite.Assigns(info, e, obj) || typename.Mentions(obj.Type(), obj.Pkg().Path()) {
			return nil, errors.New("assigns a package variable, or reads one of its own type")
		}
		return obj.Type(), nil
	case *types.Const:
		if b, ok := obj.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 && !typename.Mentions(obj.Type(), obj.Pkg().Path()) {
			return types.Typ[types.String], nil
		}
		return nil, errors.New("a constant that is not a string")
	}
	return nil, fmt.Errorf("uses %s of its own package", obj.Name())
}

// freeName returns name, or name followed by a number, not in taken,
// and takes it.
func freeName(name string, taken map[string]bool) string {
	candidate := name
	for i := 2; taken[candidate] || candidate == "_"; i++ {
		candidate = fmt.Sprintf("%s%d", name, i)
	}
	taken[candidate] = true
	return candidate
}

// liftIn replaces each lifted expression of the moved code by its
// parameter.
func (mv *move) liftIn(e *workspace.Edit) error {
	for _, l := range mv.lifted {
		for _, n := range l.nodes {
			c := e.Node(n)
			if err := e.Replace(c, &ast.Ident{NamePos: c.Pos(), Name: l.param.Name}); err != nil {
				return err
			}
		}
	}
	return nil
}

// importUsed adds to the new file the imports the moved code uses, under
// the names it uses them by.
func importUsed(tn *typename.Namer, info *types.Info, moved []ast.Expr) error {
	for _, e := range moved {
		var err error
		ast.Inspect(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || err != nil {
				return err == nil
			}
			pn, ok := info.Uses[id].(*types.PkgName)
			if !ok {
				return true
			}
			name, ierr := tn.Import(pn.Imported().Path(), pn.Name())
			if ierr == nil && name != pn.Name() {
				ierr = fmt.Errorf("the new file imports %s as %s", pn.Imported().Path(), name)
			}
			err = ierr
			return true
		})
		if err != nil {
			return err
		}
	}
	return nil
}
