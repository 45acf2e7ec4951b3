package rewrite

import (
	"go/ast"
	"slices"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Files returns the files the rewrites change: the non-test files of
// the module's packages that type-check.
func Files(m *workspace.Module) []*workspace.File {
	var files []*workspace.File
	for _, p := range m.Packages {
		if !p.Broken {
			files = append(files, p.Files...)
		}
	}
	return files
}

// Inspect calls fn for every node of root in depth-first order, with the
// path from the node up to root (the node first), as
// astutil.PathEnclosingInterval gives it. fn returns whether to look
// inside the node. The path is fn's to keep.
func Inspect(root ast.Node, fn func(path []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		path := slices.Clone(stack)
		slices.Reverse(path)
		if !fn(path) {
			stack = stack[:len(stack)-1]
			return false
		}
		return true
	})
}
