package fixedit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// Tidy returns the edits that complete deleting code from the function fn
// of file: the deletion of each import that only the deleted code used.
// deleted are the edits whose old text goes (what they insert is not
// looked at); moved, when not nil, is code inside them that is written
// again elsewhere and so is not gone. A local variable of fn, declared
// outside the deleted code, that the deletion leaves read nowhere goes
// with its declaration when that has no effect (r, _ := v.(int64), x :=
// y): the file would not compile otherwise. Tidy returns false when such a
// local cannot go, or an import cannot be deleted unused.
func Tidy(pass *analysis.Pass, file *ast.File, fn *ast.FuncDecl, deleted []analysis.TextEdit, moved ast.Node) ([]analysis.TextEdit, bool) {
	deleted = slices.Clone(deleted)
	gone := func(n ast.Node) bool {
		if moved != nil && moved.Pos() <= n.Pos() && n.End() <= moved.End() {
			return false
		}
		return slices.ContainsFunc(deleted, func(e analysis.TextEdit) bool { return e.Pos <= n.Pos() && n.End() <= e.End })
	}
	var edits []analysis.TextEdit
	// Each round deletes one declaration, whose own reads may leave
	// another local unused; a function has finitely many.
	for v := unusedLocal(pass, fn, gone); v != nil; v = unusedLocal(pass, fn, gone) {
		e, ok := deleteDeclaration(pass, file, fn, v, gone)
		if !ok {
			return nil, false
		}
		deleted = append(deleted, e)
		edits = append(edits, e)
	}
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

// unusedLocal returns a local variable of fn declared outside the deleted
// code (not a parameter) that is used only in it, the first in the source
// when there are several, or nil.
func unusedLocal(pass *analysis.Pass, fn *ast.FuncDecl, gone func(ast.Node) bool) *types.Var {
	var first *types.Var
	for obj, c := range useCounts(pass, fn.Body, gone) {
		v, ok := obj.(*types.Var)
		if !ok || v.IsField() || v.Pos() < fn.Body.Pos() || fn.Body.End() <= v.Pos() {
			continue // a field, a parameter, a package variable
		}
		if c[0] > 0 && c[1] == 0 && !gone(&ast.Ident{NamePos: v.Pos(), Name: v.Name()}) && (first == nil || v.Pos() < first.Pos()) {
			first = v
		}
	}
	return first
}

// deleteDeclaration returns the edit that deletes the statement declaring
// v, a short variable declaration of v alone (beside blanks) whose value
// has no effect, when its block keeps another statement.
func deleteDeclaration(pass *analysis.Pass, file *ast.File, fn *ast.FuncDecl, v *types.Var, gone func(ast.Node) bool) (analysis.TextEdit, bool) {
	path, _ := astutil.PathEnclosingInterval(file, v.Pos(), v.Pos())
	if len(path) < 3 || fn.Body.Pos() > v.Pos() {
		return analysis.TextEdit{}, false
	}
	as, ok := path[1].(*ast.AssignStmt)
	block, inBlock := path[2].(*ast.BlockStmt)
	if !ok || !inBlock || as.Tok != token.DEFINE || len(as.Rhs) != 1 || !noEffect(as.Rhs[0], len(as.Lhs)) {
		return analysis.TextEdit{}, false
	}
	for _, lhs := range as.Lhs {
		if id, _ := lhs.(*ast.Ident); id == nil || (id.Name != "_" && pass.TypesInfo.Defs[id] != v) {
			return analysis.TextEdit{}, false
		}
	}
	if !slices.ContainsFunc(block.List, func(s ast.Stmt) bool { return s != as && !gone(s) }) {
		return analysis.TextEdit{}, false // the block would be left empty
	}
	return DeleteStmt(pass.Fset, file, block, as)
}

// noEffect reports whether evaluating e, assigned to n variables, has no
// effect and cannot panic: a name, a literal, or the comma-ok form of a
// type assertion or map index of names.
func noEffect(e ast.Expr, n int) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.BasicLit:
		return n == 1
	case *ast.TypeAssertExpr:
		_, isName := ast.Unparen(e.X).(*ast.Ident)
		return n == 2 && isName
	case *ast.IndexExpr:
		_, x := ast.Unparen(e.X).(*ast.Ident)
		_, i := ast.Unparen(e.Index).(*ast.Ident)
		_, lit := ast.Unparen(e.Index).(*ast.BasicLit)
		return n == 2 && x && (i || lit)
	}
	return false
}

// ImportsOnlyIn returns the paths of file's imports that are used only in
// the old text of the edits, sorted: those a fix that replaces it must
// delete, unless its new text uses them.
func ImportsOnlyIn(pass *analysis.Pass, file *ast.File, edits []analysis.TextEdit) []string {
	return importsOnlyIn(pass, file, func(n ast.Node) bool {
		return slices.ContainsFunc(edits, func(e analysis.TextEdit) bool { return e.Pos <= n.Pos() && n.End() <= e.End })
	})
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
