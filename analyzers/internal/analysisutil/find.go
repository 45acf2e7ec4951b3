package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Find reports whether visit finds a node in the tree of root. visit says
// whether n is what is sought and whether to look below n; the walk stops
// at the first hit. Every "does this body contain ..." question of the
// analyzers is one visit function, so that none of them repeats the
// found-flag bookkeeping of ast.Inspect.
func Find(root ast.Node, visit func(n ast.Node) (hit, descend bool)) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		hit, descend := visit(n)
		found = hit
		return descend && !hit
	})
	return found
}

// Uses reports whether the tree of root reads or writes v.
func Uses(info *types.Info, root ast.Node, v *types.Var) bool {
	return Find(root, func(n ast.Node) (bool, bool) {
		id, ok := n.(*ast.Ident)
		return ok && info.Uses[id] == v, true
	})
}

// FileOf returns the file of files that holds pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// EnclosingBody returns the body of the innermost function on stack.
func EnclosingBody(stack []ast.Node) *ast.BlockStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}
