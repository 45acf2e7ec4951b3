package literal

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// structUses records, for each struct type declared in a changeable file
// of the module, how its values are made, over every file of the module:
// whether all come from keyed composite literals in changeable files,
// and those literals.
type structUses struct {
	types map[token.Pos]*structUse // by the position of the type's name
}

type structUse struct {
	spec   *ast.TypeSpec
	lits   []*ast.CompositeLit
	ctor   bool // a composite literal is in a function that returns the type
	unsafe bool // some value of the type is made otherwise, or leaks to an interface
}

func newStructUses(m *workspace.Module) *structUses {
	su := &structUses{types: map[token.Pos]*structUse{}}
	for _, f := range rewrite.Files(m) {
		for _, d := range f.Syntax.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				if _, ok := ts.Type.(*ast.StructType); ok && ts.TypeParams == nil && !ts.Assign.IsValid() {
					su.types[ts.Name.Pos()] = &structUse{spec: ts}
				}
			}
		}
	}
	for _, f := range m.Files() {
		su.scan(f)
	}
	return su
}

// eligible reports whether a field added to named reaches every value of
// the type.
func (su *structUses) eligible(named *types.Named) bool {
	u := su.types[named.Obj().Pos()]
	return u != nil && !u.unsafe && u.ctor
}

// useOf returns the record of the struct type of t (or of *t), or nil.
func (su *structUses) useOf(t types.Type) *structUse {
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	return su.types[named.Obj().Pos()]
}

// scan records how the file f makes and uses the recorded types.
func (su *structUses) scan(f *workspace.File) {
	changeable := !f.Test && !f.Pkg.Broken
	rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
		switch n := path[0].(type) {
		case *ast.CompositeLit:
			if u := su.useOf(f.Info.TypeOf(n)); u != nil {
				su.compositeLit(u, n, path, changeable)
			}
		case *ast.Ident:
			if tn, ok := f.Info.Uses[n].(*types.TypeName); ok {
				if u := su.types[tn.Pos()]; u != nil && !allowedTypeUse(path) {
					u.unsafe = true
				}
			}
		case *ast.CallExpr:
			su.interfaceArgs(f.Info, n)
		}
		return true
	})
}

// compositeLit records a composite literal of a recorded type.
func (su *structUses) compositeLit(u *structUse, lit *ast.CompositeLit, path []ast.Node, changeable bool) {
	for _, e := range lit.Elts {
		if _, keyed := e.(*ast.KeyValueExpr); !keyed {
			u.unsafe = true
		}
	}
	if !changeable {
		u.unsafe = true
	}
	u.lits = append(u.lits, lit)
	if fd := rewrite.EnclosingFunc(path); fd != nil && fd.Type.Results != nil && fd.Recv == nil {
		u.ctor = true
	}
}

// allowedTypeUse reports whether the use of a type's name at the start of
// path makes no value of the type by itself: a pointer type, a
// composite literal's type, a method receiver or a type switch case.
func allowedTypeUse(path []ast.Node) bool {
	switch p := path[1].(type) {
	case *ast.StarExpr:
		return true
	case *ast.CompositeLit:
		return p.Type == path[0]
	case *ast.Field:
		if len(path) > 3 {
			if fd, ok := path[3].(*ast.FuncDecl); ok && fd.Recv != nil && fd.Recv == path[2] {
				return true
			}
		}
	}
	return false
}

// interfaceArgs marks the recorded types of arguments that call passes
// to an interface.
func (su *structUses) interfaceArgs(info *types.Info, call *ast.CallExpr) {
	for _, arg := range rewrite.InterfaceArgs(info, call) {
		if u := su.useOf(info.TypeOf(arg)); u != nil {
			u.unsafe = true
		}
	}
}
