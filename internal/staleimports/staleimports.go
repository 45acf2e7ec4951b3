// Package staleimports removes from a fixed Go file the imports that its
// fixes left unused. Fixes are made one at a time, each against the file
// as it is: two fixes that each replace one of a file's two uses of
// strconv cannot each remove the import, and together they leave it
// unused, which does not compile. go fix removes such imports when it
// applies fixes (x/tools's driver formats with the redundant imports
// removed); leasevet -fix does the same, and the fixture tests compare
// goldens with the same result.
package staleimports

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// Fixed returns after, the fixed text of a file whose text was before,
// without the imports its fixes left unused, for a driver that has no
// type information: an import's name is taken from its path (one whose
// package name cannot be told from it, github.com/redis/go-redis/v9,
// stays), and only a name that qualified something in before is
// dropped. after is returned as it is when nothing is dropped.
func Fixed(before, after []byte) ([]byte, error) {
	old, err := parser.ParseFile(token.NewFileSet(), "", before, parser.SkipObjectResolution)
	if err != nil {
		return after, nil // the file did not parse before: not ours to judge
	}
	was := Qualifiers(old)
	out, err := Remove(after, NameFromPath, func(name string) bool { return was[name] })
	if err != nil || !droppedAny(after, out) {
		return after, err
	}
	return out, nil
}

// droppedAny reports whether out has fewer imports than src.
func droppedAny(src, out []byte) bool {
	a, err1 := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	b, err2 := parser.ParseFile(token.NewFileSet(), "", out, parser.ImportsOnly)
	return err1 == nil && err2 == nil && len(b.Imports) < len(a.Imports)
}

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// NameFromPath returns the name a package is imported by when its path's
// last element is that name as written; "" when it cannot be told.
func NameFromPath(p string) string {
	last := path.Base(p)
	if !token.IsIdentifier(last) || majorVersion.MatchString(last) {
		return ""
	}
	return last
}

// Remove returns src, gofmt-formatted, without the imports that qualify
// nothing in it and that drop accepts. An import is referred to by its
// explicit name, or else by nameOf(path) ("" when unknown: the import
// stays); blank and dot imports stay.
func Remove(src []byte, nameOf func(path string) string, drop func(name string) bool) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "fixed.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	ast.SortImports(fset, file)
	used := Qualifiers(file)
	for _, spec := range slices.Clone(file.Imports) { // DeleteNamedImport edits file.Imports
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		explicit, name := "", nameOf(path)
		if spec.Name != nil {
			explicit, name = spec.Name.Name, spec.Name.Name
		}
		if name != "" && name != "_" && name != "." && !used[name] && drop(name) {
			astutil.DeleteNamedImport(fset, file, explicit, path)
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return nil, err
	}
	return format.Source(buf.Bytes())
}

// Qualifiers returns the names that qualify an identifier (X in X.Y)
// somewhere in f. An import is used when its name is one; a local
// variable that shadows an otherwise unused package name keeps the
// import, which only leaves it as it was.
func Qualifiers(f *ast.File) map[string]bool {
	names := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				names[id.Name] = true
			}
		}
		return true
	})
	return names
}
