package analysisutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestFuncName_forms(t *testing.T) {
	const src = `package p

type T struct{}

func (*T) M() {}

type G[X any] struct{}

func (G[X]) N() {}

func F() {}

var I interface{ Close() }

var _ = G[int]{}.N
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	pkg, err := new(types.Config).Check("example.com/p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(typ).Type(), true, pkg, name)
		return obj.(*types.Func)
	}
	var instance *types.Func // G[int].N, as the last line uses it
	for id, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && id.Name == "N" {
			instance = fn
		}
	}
	iface := pkg.Scope().Lookup("I").Type().Underlying().(*types.Interface).Method(0)
	for _, tc := range []struct {
		fn   *types.Func
		want string
	}{
		{pkg.Scope().Lookup("F").(*types.Func), "example.com/p.F"},
		{method("T", "M"), "example.com/p.T.M"},
		{instance, "example.com/p.G.N"}, // the generic type's method
		{iface, "example.com/p.?.Close"},
	} {
		if got := FuncName(tc.fn); got != tc.want {
			t.Errorf("FuncName(%v) = %q, want %q", tc.fn, got, tc.want)
		}
	}
}
