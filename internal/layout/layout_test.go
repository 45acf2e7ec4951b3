package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the most lines one function or method may have, tests
// included.
const maxFuncLines = 60

// repoRoot is the repository: this package is internal/layout.
const repoRoot = "../.."

// goFiles returns the Go files of the repository by directory, leaving
// out fixture modules (testdata), hidden directories and vendored code.
func goFiles(t *testing.T, root string) map[string][]string {
	t.Helper()
	dirs := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") {
			dirs[filepath.Dir(path)] = append(dirs[filepath.Dir(path)], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

func TestFuncs_underLineLimit(t *testing.T) {
	fset := token.NewFileSet()
	for _, files := range goFiles(t, repoRoot) {
		for _, f := range files {
			for _, long := range longFuncs(t, fset, f) {
				t.Errorf("%s: function of %d lines, over %d", long.pos, long.lines, maxFuncLines)
			}
		}
	}
}

// TestLongFuncs_countsDeclarations checks the measure on a function one
// line over the limit and one at it.
func TestLongFuncs_countsDeclarations(t *testing.T) {
	var b strings.Builder
	b.WriteString("package p\n\nfunc over() {\n")
	for range maxFuncLines - 1 {
		b.WriteString("\t_ = 0\n")
	}
	b.WriteString("}\n\nfunc at() {\n")
	for range maxFuncLines - 2 {
		b.WriteString("\t_ = 0\n")
	}
	b.WriteString("}\n")
	path := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	long := longFuncs(t, token.NewFileSet(), path)
	if len(long) != 1 || long[0].lines != maxFuncLines+1 {
		t.Fatalf("longFuncs = %v, want only over() with %d lines", long, maxFuncLines+1)
	}
}

type longFunc struct {
	pos   token.Position
	lines int
}

func longFuncs(t *testing.T, fset *token.FileSet, path string) []longFunc {
	t.Helper()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []longFunc
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
		if n := end.Line - start.Line + 1; n > maxFuncLines {
			out = append(out, longFunc{start, n})
		}
	}
	return out
}
