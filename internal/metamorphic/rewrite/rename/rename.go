// Package rename holds the refactoring that renames local variables
// (RenameLocals): the name of a local variable means nothing to the
// program, so leasevet must find the same bugs under any name.
package rename

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// RenameLocals gives each local variable declared in a function body a
// new name that says nothing, at its declaration and every use:
//
//	lockKey := "lock:" + id
//	ok, err := rdb.SetNX(ctx, lockKey, token, ttl).Result()
//
// becomes
//
//	mmLocal1 := "lock:" + id
//	mmLocal2, mmLocal3 := rdb.SetNX(ctx, mmLocal1, token, ttl).Result()
//
// Parameters, results and receivers keep their names: leasevet reads
// lock words in them as evidence, and so would a reader. The new names
// are used nowhere in the package, so none captures another.
type RenameLocals struct{}

// Name implements rewrite.Kind.
func (RenameLocals) Name() string { return "rename-locals" }

// Places implements rewrite.Kind.
func (RenameLocals) Places(m *workspace.Module) []rewrite.Place {
	var places []rewrite.Place
	namers := rewrite.Namers{}
	for _, f := range rewrite.Files(m) {
		for _, v := range locals(f) {
			places = append(places, place(v, namers.For(f.Pkg).Name("mmLocal")))
		}
	}
	return places
}

// local is a local variable: the identifiers that declare it and those
// that use it.
type local struct {
	decl   *ast.Ident
	idents []*ast.Ident
}

// locals returns the local variables declared in the function bodies of
// f, in the order of their declarations.
func locals(f *workspace.File) []*local {
	byObj := map[types.Object]*local{}
	var order []*local
	declare := func(id *ast.Ident, objs ...types.Object) {
		l := &local{decl: id, idents: []*ast.Ident{id}}
		for _, obj := range objs {
			byObj[obj] = l
		}
		order = append(order, l)
	}
	rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
		switch n := path[0].(type) {
		case *ast.FuncType:
			return false // parameters and results keep their names
		case *ast.FieldList:
			if fd, ok := path[1].(*ast.FuncDecl); ok && fd.Recv == n {
				return false // and so do receivers
			}
		case *ast.TypeSwitchStmt:
			if id, objs := typeSwitchVar(f.Info, n); id != nil {
				declare(id, objs...)
			}
		case *ast.Ident:
			if v, ok := f.Info.Defs[n].(*types.Var); ok && rewrite.IsLocal(v) && !v.IsField() && n.Name != "_" {
				declare(n, v)
			} else if l := byObj[f.Info.Uses[n]]; l != nil {
				l.idents = append(l.idents, n)
			}
		}
		return true
	})
	return order
}

// typeSwitchVar returns the identifier of switch x := y.(type) and the
// variables it declares: one per clause, all written x, renamed together.
func typeSwitchVar(info *types.Info, ts *ast.TypeSwitchStmt) (*ast.Ident, []types.Object) {
	assign, ok := ts.Assign.(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != 1 {
		return nil, nil
	}
	var objs []types.Object
	for _, c := range ts.Body.List {
		if obj := info.Implicits[c]; obj != nil {
			objs = append(objs, obj)
		}
	}
	if len(objs) == 0 {
		return nil, nil
	}
	return assign.Lhs[0].(*ast.Ident), objs
}

func place(l *local, name string) rewrite.Place {
	apply := func(e *workspace.Edit) error {
		for _, id := range l.idents {
			e.Node(id).(*ast.Ident).Name = name
		}
		return nil
	}
	return rewrite.Place{Pos: l.decl.Pos(), End: l.decl.End(), Apply: apply,
		What: fmt.Sprintf("local %s renamed %s", l.decl.Name, name)}
}
