package iface_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/iface"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rewritetest"
)

func TestInterfaceClient(t *testing.T) { rewritetest.Run(t, iface.InterfaceClient{}, "testdata/mod") }

// TestInterfaceClient_oneImplementation checks the promise of the kind's
// name on the golden declarations, where one package gets two interfaces:
// each interface has one implementation, though one implementation has
// every method the other interface asks for but its marker.
func TestInterfaceClient_oneImplementation(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "testdata/mod/locks/mm_client.go.interface-client.golden", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ifaces := map[string][]string{}  // interface -> its methods
	methods := map[string][]string{} // implementation -> its methods
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok {
					if it, ok := ts.Type.(*ast.InterfaceType); ok {
						for _, m := range it.Methods.List {
							ifaces[ts.Name.Name] = append(ifaces[ts.Name.Name], m.Names[0].Name)
						}
					}
				}
			}
		case *ast.FuncDecl:
			recv := d.Recv.List[0].Type.(*ast.Ident).Name
			methods[recv] = append(methods[recv], d.Name.Name)
		}
	}
	if len(ifaces) < 2 {
		t.Fatalf("%d interfaces in the golden file, want two or more: the test proves nothing", len(ifaces))
	}
	for name, want := range ifaces {
		var impls []string
		for impl, have := range methods {
			if hasAll(have, want) {
				impls = append(impls, impl)
			}
		}
		if len(impls) != 1 {
			t.Errorf("%s is implemented by %s, want one implementation", name, strings.Join(impls, ", "))
		}
	}
}

func hasAll(have, want []string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			return false
		}
	}
	return true
}
