package narrowssa

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

const src = `package p

type locker struct{ value string }

func newLocker() *locker { return &locker{value: "locked"} }

func set(key string, value any) bool { return key != "" && value != nil }

func field() bool { l := newLocker(); return set("k", l.value) }

func unrelated() int { return len(other()) }

func other() string { return "x" }
`

func TestBuild_onlyReachedBodies(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decls[fd.Name.Name] = fd
		}
	}
	p, err := Build(fset, pkg, info, []*ast.File{f}, []*ast.FuncDecl{decls["field"]})
	if err != nil {
		t.Fatal(err)
	}
	// field, newLocker (called, and writes locker.value), set (called).
	if st := p.Stats(); st.Built != 3 || st.Decls != len(decls) {
		t.Errorf("Stats() = %+v, want 3 of %d declarations built", st, len(decls))
	}
	for name, built := range map[string]bool{"field": true, "newLocker": true, "set": true, "unrelated": false, "other": false} {
		if got := p.Func(decls[name]) != nil; got != built {
			t.Errorf("Func(%s) built = %v, want %v", name, got, built)
		}
	}
	value := pkg.Scope().Lookup("locker").Type().Underlying().(*types.Struct).Field(0)
	if w := p.FieldWriters(value); len(w) != 1 || w[0] != decls["newLocker"] {
		t.Errorf("FieldWriters(value) = %v, want newLocker", w)
	}
	if st := p.FieldStores(value); len(st) != 1 {
		t.Errorf("FieldStores(value) = %v, want the store in newLocker", st)
	}
}
