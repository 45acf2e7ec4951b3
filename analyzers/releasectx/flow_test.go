package releasectx

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestFlow_donePoints runs the dataflow on testdata/flow.go: a call
// release(k) is followed by a comment that says what holds there, `//
// done: EVIDENCE` or `// live`.
func TestFlow_donePoints(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "testdata/flow.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("flow", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	want := expectations(t)
	got := map[int]string{}
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		w := newWalker(info, pkg, fd.Body, func(call *ast.CallExpr, at point) {
			id, ok := call.Fun.(*ast.Ident)
			if !ok || id.Name != "release" {
				return
			}
			d := describe(fset, call, at)
			if at.how == atReturn {
				d += " (deferred)"
			}
			got[fset.Position(call.Pos()).Line] = d
		})
		w.run()
	}
	for line, w := range want {
		if got[line] != w {
			t.Errorf("flow.go:%d: got %q, want %q", line, got[line], w)
		}
	}
	for line, g := range got {
		if _, ok := want[line]; !ok {
			t.Errorf("flow.go:%d: a release with no expectation (%q)", line, g)
		}
	}
}

func describe(fset *token.FileSet, call *ast.CallExpr, at point) string {
	ev, ok := at.done(call.Args[0])
	if !ok {
		return "live"
	}
	s := fmt.Sprintf("done: %s at %d%s", ev.text, fset.Position(ev.pos).Line, ev.note)
	if ev.from != "" {
		s += " from " + ev.from
	}
	if ev.when != "" && at.how != atReturn {
		s += " (when)"
	}
	return s
}

var (
	expectPattern = regexp.MustCompile(`// (done: .*|live|live \(deferred\))$`)
	markPattern   = regexp.MustCompile(`//@(\w+)`)
)

// expectations reads the expected states by line; a line marked //@NAME
// is named by @NAME in them.
func expectations(t *testing.T) map[int]string {
	t.Helper()
	data, err := os.ReadFile("testdata/flow.go")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	marks := map[string]string{}
	for i, l := range lines {
		for _, m := range markPattern.FindAllStringSubmatch(l, -1) {
			marks["@"+m[1]] = fmt.Sprint(i + 1)
		}
	}
	out := map[int]string{}
	for i, l := range lines {
		if m := expectPattern.FindStringSubmatch(l); m != nil {
			out[i+1] = regexp.MustCompile(`@\w+`).ReplaceAllStringFunc(m[1], func(s string) string { return marks[s] })
		}
	}
	return out
}
