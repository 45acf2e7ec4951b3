package fixturecheck

import (
	"go/ast"
	"go/importer"
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

const tablesSrc = `package p

import "strings"

type pair struct{ a, b int }

var (
	counted  = [...]byte{1, 2, 3, 4}
	indexed  = [...]string{7: "x", 2: "y"}
	sized    = [3]pair{{1, 2}, {3, 4}}
	byName   = map[string]*pair{"one": {1, 1}}
	lower    = func(s string) string { u := strings.ToLower(s); return u }
	pointers = &[...]pair{{a: 1}, {b: 2}}
)

const n = len(counted)
`

// TestLean_emptiesVarLiterals checks that a lean parse drops the elements
// of package variables' composite literals (and the bodies of their
// function literals) without changing a type: each variable's type is the
// same as a whole parse gives.
func TestLean_emptiesVarLiterals(t *testing.T) {
	typesOf := func(l *lean) (map[string]string, int) {
		t.Helper()
		fset := token.NewFileSet()
		f, err := l.parseFile(fset, "p.go", []byte(tablesSrc))
		if err != nil {
			t.Fatal(err)
		}
		elts := 0
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok {
				elts += len(lit.Elts)
			}
			return true
		})
		pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatalf("does not type-check: %v", err)
		}
		got := map[string]string{}
		for _, name := range pkg.Scope().Names() {
			got[name] = pkg.Scope().Lookup(name).String()
		}
		return got, elts
	}
	whole, wholeElts := typesOf(&lean{whole: map[string]bool{"p.go": true}})
	stripped, leanElts := typesOf(&lean{whole: map[string]bool{}, names: map[string]string{"strings": "strings"}})
	for name, want := range whole {
		if stripped[name] != want {
			t.Errorf("lean parse: %s, want %s", stripped[name], want)
		}
	}
	if leanElts != 2 || wholeElts <= leanElts {
		t.Errorf("composite elements left by a lean parse: %d of %d, want only the indexed array's 2", leanElts, wholeElts)
	}
}
