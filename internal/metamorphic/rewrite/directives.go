package rewrite

import (
	"go/ast"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// NearDirective reports whether a suppression or compiler directive
// (//leasevet:ignore, //nolint, //go:..., //line) sits on the lines of n
// or on the line above it. A rewrite that moves n or puts a statement
// before it would detach the directive from what it silences, so it
// leaves n alone.
func NearDirective(f *workspace.File, n ast.Node) bool {
	tf := f.Pkg.Module().Fset.File(n.Pos())
	first, last := tf.Line(n.Pos())-1, tf.Line(n.End())
	for _, g := range f.Syntax.Comments {
		line := tf.Line(g.Pos())
		if line < first || line > last {
			continue
		}
		for _, c := range g.List {
			if isDirective(c.Text) {
				return true
			}
		}
	}
	return false
}

func isDirective(text string) bool {
	t := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(text, "//"), "/*"))
	for _, p := range []string{"leasevet:", "nolint", "go:", "line "} {
		if strings.Contains(text, "leasevet:ignore") || strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}
