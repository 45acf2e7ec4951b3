package fixedit

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// Tidy returns the edits that complete deleting code from the function fn
// of file: the deletion of each import that only the deleted code used.
// deleted are the edits whose old text goes (what they insert is not
// looked at); moved, when not nil, is code inside them that is written
// again elsewhere and so is not gone. Tidy returns false when the deletion
// would leave a local variable of fn, declared outside the deleted code,
// read nowhere (the file would not compile), or an import it cannot
// delete unused.
func Tidy(pass *analysis.Pass, file *ast.File, fn *ast.FuncDecl, deleted []analysis.TextEdit, moved ast.Node) ([]analysis.TextEdit, bool) {
	gone := func(n ast.Node) bool {
		if moved != nil && moved.Pos() <= n.Pos() && n.End() <= moved.End() {
			return false
		}
		return slices.ContainsFunc(deleted, func(e analysis.TextEdit) bool { return e.Pos <= n.Pos() && n.End() <= e.End })
	}
	if leavesUnusedLocal(pass, fn, gone) {
		return nil, false
	}
	var edits []analysis.TextEdit
	for _, path := range importsOnlyIn(pass, file, gone) {
		e, ok := DeleteImport(pass.Fset, file, path)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	return edits, true
}

// useCounts counts, for each object the identifiers under root use, the
// uses that go and the uses that stay.
func useCounts(pass *analysis.Pass, root ast.Node, gone func(ast.Node) bool) map[types.Object][2]int {
	counts := make(map[types.Object][2]int)
	ast.Inspect(root, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if obj := pass.TypesInfo.Uses[id]; obj != nil {
			c := counts[obj]
			if gone(id) {
				c[0]++
			} else {
				c[1]++
			}
			counts[obj] = c
		}
		return true
	})
	return counts
}

// leavesUnusedLocal reports whether a local variable of fn declared
// outside the deleted code (not a parameter) is used only in it.
func leavesUnusedLocal(pass *analysis.Pass, fn *ast.FuncDecl, gone func(ast.Node) bool) bool {
	for obj, c := range useCounts(pass, fn.Body, gone) {
		v, ok := obj.(*types.Var)
		if !ok || v.IsField() || v.Pos() < fn.Body.Pos() || fn.Body.End() <= v.Pos() {
			continue // a field, a parameter, a package variable
		}
		if c[0] > 0 && c[1] == 0 && !gone(&ast.Ident{NamePos: v.Pos(), Name: v.Name()}) {
			return true
		}
	}
	return false
}

// importsOnlyIn returns the paths of file's imports that are used only in
// the deleted code, sorted.
func importsOnlyIn(pass *analysis.Pass, file *ast.File, gone func(ast.Node) bool) []string {
	var paths []string
	for obj, c := range useCounts(pass, file, gone) {
		if pn, ok := obj.(*types.PkgName); ok && c[0] > 0 && c[1] == 0 {
			paths = append(paths, pn.Imported().Path())
		}
	}
	slices.Sort(paths)
	return paths
}
