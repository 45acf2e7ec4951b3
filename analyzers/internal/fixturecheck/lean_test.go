package fixturecheck

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"
)

const leanSrc = `package p

import (
	"bytes"
	"strings"
)

func Upper(b *bytes.Buffer) string { return strings.ToUpper(b.String()) }

func Count() (n int) {
	n = strings.Count("a", "")
	return
}
`

// TestLean_stripsBodies checks what a lean parse leaves of a file: the
// declarations, each body replaced by one that ends the function, and the
// imports only the bodies used made blank, so that it type-checks alone.
func TestLean_stripsBodies(t *testing.T) {
	l := &lean{whole: map[string]bool{}, names: map[string]string{"bytes": "bytes", "strings": "strings"}}
	fset := token.NewFileSet()
	f, err := l.parseFile(fset, "p.go", []byte(leanSrc))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			if len(fd.Body.List) != 1 {
				t.Errorf("%s keeps %d statements, want the one that ends it", fd.Name.Name, len(fd.Body.List))
			}
		}
	}
	names := map[string]string{}
	for _, imp := range f.Imports {
		n := ""
		if imp.Name != nil {
			n = imp.Name.Name
		}
		names[imp.Path.Value] = n
	}
	if names[`"bytes"`] != "" || names[`"strings"`] != "_" {
		t.Errorf("imports after a lean parse = %v, want bytes kept (a signature uses it) and strings blank", names)
	}
	conf := types.Config{Importer: fakeImporter{}}
	if _, err := conf.Check("p", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("the lean file does not type-check: %v", err)
	}
	whole := &lean{whole: map[string]bool{"p.go": true}}
	f, _ = whole.parseFile(token.NewFileSet(), "p.go", []byte(leanSrc))
	if n := len(f.Decls[2].(*ast.FuncDecl).Body.List); n != 2 || f.Imports[1].Name != nil {
		t.Error("a whole file was stripped")
	}
}

// fakeImporter makes a package with a type Buffer, enough for leanSrc's
// declarations.
type fakeImporter struct{}

func (fakeImporter) Import(path string) (*types.Package, error) {
	pkg := types.NewPackage(path, path)
	tn := types.NewTypeName(token.NoPos, pkg, "Buffer", nil)
	types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(tn)
	pkg.MarkComplete()
	return pkg, nil
}
