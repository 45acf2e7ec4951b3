// Package fixedit builds the text edits of leasevet's suggested fixes:
// deleting a whole statement line and adding an import, which go/analysis
// has no public helper for.
//
// It must not know what a fix is for: which statement goes and which
// import comes are the fix writers' (ownerfix, the analyzers).
package fixedit

import (
	"go/ast"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// DeleteStmt returns the edit that deletes stmt, a statement of block, with
// its whole lines and the comment directly above it, or false when the
// statement shares a line with other code (deleting it would then need
// reformatting).
func DeleteStmt(fset *token.FileSet, file *ast.File, block *ast.BlockStmt, stmt ast.Stmt) (analysis.TextEdit, bool) {
	return DeleteStmts(fset, file, block, stmt, stmt)
}

// DeleteStmts returns the edit that deletes the consecutive statements of
// block from first to last, as DeleteStmt deletes one.
func DeleteStmts(fset *token.FileSet, file *ast.File, block *ast.BlockStmt, first, last ast.Stmt) (analysis.TextEdit, bool) {
	tf := fset.File(first.Pos())
	i, j := slices.Index(block.List, first), slices.Index(block.List, last)
	if tf == nil || i < 0 || j < i {
		return analysis.TextEdit{}, false
	}
	firstLine, lastLine := tf.Line(first.Pos()), tf.Line(last.End())
	prevEnd, nextPos := block.Lbrace, block.Rbrace
	if i > 0 {
		prevEnd = block.List[i-1].End()
	}
	if j+1 < len(block.List) {
		nextPos = block.List[j+1].Pos()
	}
	if tf.Line(prevEnd) >= firstLine || tf.Line(nextPos) <= lastLine {
		return analysis.TextEdit{}, false
	}
	start := firstLine
	for _, cg := range file.Comments {
		// A comment on the statements' own lines is about them and goes
		// with them; one that starts before them on their first line cannot be.
		if tf.Line(cg.End()) >= firstLine && cg.Pos() < first.Pos() && tf.Line(cg.Pos()) <= lastLine {
			return analysis.TextEdit{}, false
		}
		// So does the comment directly above, on lines of its own.
		if cg.Pos() > prevEnd && tf.Line(cg.End()) == firstLine-1 && tf.Line(cg.Pos()) > tf.Line(prevEnd) {
			start = tf.Line(cg.Pos())
		}
	}
	return analysis.TextEdit{Pos: tf.LineStart(start), End: tf.LineStart(lastLine + 1)}, true
}

// RemoveStmts returns the edits that delete n consecutive statements of a
// block, the first of which is stack[i] (stack[i-1] is the block), as
// DeleteStmts does, leaving no empty block behind. When they are all the
// block holds and the block is the body of an if statement with no init
// and no else, the if statement goes instead (and so on outwards) if its
// condition has no effect, or is reduced to its condition when that is a
// call, which then runs as a statement. It returns false when the block
// would be left empty otherwise (a function body may be).
func RemoveStmts(pass *analysis.Pass, file *ast.File, stack []ast.Node, i, n int) ([]analysis.TextEdit, bool) {
	for ; i > 1; i -= 2 {
		block, ok := stack[i-1].(*ast.BlockStmt)
		first, isStmt := stack[i].(ast.Stmt)
		if !ok || !isStmt {
			return nil, false
		}
		k := slices.Index(block.List, first)
		if k < 0 || k+n > len(block.List) {
			return nil, false
		}
		parent, isIf := stack[i-2].(*ast.IfStmt)
		if n < len(block.List) || !isIf {
			if n == len(block.List) && !isFuncBody(stack[i-2]) {
				return nil, false // a block other than a function body left empty
			}
			e, ok := DeleteStmts(pass.Fset, file, block, first, block.List[k+n-1])
			return []analysis.TextEdit{e}, ok
		}
		if parent.Body != block || parent.Init != nil || parent.Else != nil {
			return nil, false
		}
		if call, ok := ast.Unparen(parent.Cond).(*ast.CallExpr); ok {
			return unwrapIf(pass, parent, call)
		}
		if !pure(parent.Cond) {
			return nil, false
		}
		n = 1
	}
	return nil, false
}

func isFuncBody(parent ast.Node) bool {
	switch parent.(type) {
	case *ast.FuncDecl, *ast.FuncLit:
		return true
	}
	return false
}

// unwrapIf returns the edits that reduce if call() {...} to call(), on the
// if statement's line, when nothing but white space precedes it there.
func unwrapIf(pass *analysis.Pass, ifStmt *ast.IfStmt, call *ast.CallExpr) ([]analysis.TextEdit, bool) {
	if _, ok := Indent(pass, ifStmt.Pos()); !ok {
		return nil, false
	}
	return []analysis.TextEdit{
		{Pos: ifStmt.Pos(), End: ifStmt.Cond.Pos()},
		{Pos: ifStmt.Cond.End(), End: ifStmt.End()},
	}, true
}

// pure reports whether evaluating e has no effect: no calls, no receives.
func pure(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.ARROW
		}
		return ok
	})
	return ok
}

// Parent returns the block and statement that directly contain the node at
// the top of stack, or false.
func Parent(stack []ast.Node) (*ast.BlockStmt, ast.Stmt, bool) {
	for i := len(stack) - 1; i > 0; i-- {
		stmt, ok := stack[i].(ast.Stmt)
		if !ok {
			continue
		}
		block, ok := stack[i-1].(*ast.BlockStmt)
		return block, stmt, ok
	}
	return nil, nil, false
}

// BlockStmt returns the innermost statement on stack (the path from a
// file to a node) that stands directly in a block, and that block: for a
// node in an if's init, the if. It returns nils when there is none.
func BlockStmt(stack []ast.Node) (*ast.BlockStmt, ast.Stmt) {
	for i := len(stack) - 1; i > 0; i-- {
		block, inBlock := stack[i-1].(*ast.BlockStmt)
		if s, ok := stack[i].(ast.Stmt); ok && inBlock {
			return block, s
		}
	}
	return nil, nil
}

// AddImport returns the edits that import path under its default name, or
// none when file already imports it. name reports the identifier to use.
func AddImport(fset *token.FileSet, file *ast.File, path string) (name string, edits []analysis.TextEdit) {
	base := lastElem(path)
	for _, imp := range file.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == path {
			if imp.Name != nil {
				return imp.Name.Name, nil
			}
			return base, nil
		}
	}
	quoted := strconv.Quote(path)
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			if e, ok := intoStdGroup(fset, gd, path, quoted); ok {
				return base, []analysis.TextEdit{e}
			}
			// A group of its own: gofmt sorts within groups, so the result stays formatted.
			return base, []analysis.TextEdit{{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\n\t" + quoted + "\n")}}
		}
		// gofmt sorts the specs of one block by path.
		specs := []string{quotedSpec(gd), quoted}
		if gd.Specs[0].(*ast.ImportSpec).Path.Value > quoted {
			specs[0], specs[1] = specs[1], specs[0]
		}
		text := "import (\n\t" + specs[0] + "\n\t" + specs[1] + "\n)"
		return base, []analysis.TextEdit{{Pos: gd.Pos(), End: gd.End(), NewText: []byte(text)}}
	}
	return base, []analysis.TextEdit{{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + quoted)}}
}

// DeleteImport returns the edit that deletes file's import of path, or
// false when that cannot be done by deleting whole lines and keeping the
// file formatted: the import must be one spec of a parenthesised group,
// on a line of its own, with no comment in the group. A blank line that
// would be left doubled, or next to a parenthesis, goes with it.
func DeleteImport(fset *token.FileSet, file *ast.File, path string) (analysis.TextEdit, bool) {
	gd, spec := importSpec(file, path)
	if gd == nil || !gd.Lparen.IsValid() || len(gd.Specs) < 2 || spec.Name != nil && spec.Name.Name == "_" {
		return analysis.TextEdit{}, false
	}
	for _, cg := range file.Comments {
		if gd.Pos() <= cg.Pos() && cg.End() <= gd.End() {
			return analysis.TextEdit{}, false
		}
	}
	tf := fset.File(gd.Pos())
	specLine := make(map[int]int) // line → specs on it
	for _, s := range gd.Specs {
		specLine[tf.Line(s.Pos())]++
	}
	line := tf.Line(spec.Pos())
	if specLine[line] != 1 || tf.Line(spec.End()) != line {
		return analysis.TextEdit{}, false
	}
	open, closing := tf.Line(gd.Lparen), tf.Line(gd.Rparen)
	blank := func(l int) bool { return l != open && l != closing && specLine[l] == 0 }
	first, last := line, line
	switch {
	case blank(line-1) && (blank(line+1) || line+1 == closing):
		first-- // the group was this spec alone, after another one
	case line-1 == open && blank(line+1):
		last++ // the first group was this spec alone
	}
	return analysis.TextEdit{Pos: tf.LineStart(first), End: tf.LineStart(last + 1)}, true
}

// importSpec returns file's import declaration and spec of path, or nils.
func importSpec(file *ast.File, path string) (*ast.GenDecl, *ast.ImportSpec) {
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, s := range gd.Specs {
			spec := s.(*ast.ImportSpec)
			if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path {
				return gd, spec
			}
		}
	}
	return nil, nil
}

// intoStdGroup returns the edit that adds the standard-library package
// path to the group of standard-library imports that starts gd, at its
// sorted place (so the result stays formatted), or false when path is
// not a standard-library path, the first group is not all standard, or a
// spec of it shares a line or has a comment.
func intoStdGroup(fset *token.FileSet, gd *ast.GenDecl, path, quoted string) (analysis.TextEdit, bool) {
	if !isStdPath(path) || len(gd.Specs) == 0 {
		return analysis.TextEdit{}, false
	}
	tf := fset.File(gd.Pos())
	var group []*ast.ImportSpec
	for i, s := range gd.Specs {
		spec := s.(*ast.ImportSpec)
		if i > 0 && tf.Line(spec.Pos()) != tf.Line(group[len(group)-1].End())+1 {
			break // a blank line (or more) ends the group
		}
		group = append(group, spec)
	}
	for _, spec := range group {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || !isStdPath(p) || spec.Doc != nil || spec.Comment != nil {
			return analysis.TextEdit{}, false
		}
	}
	for _, spec := range group {
		if spec.Path.Value > quoted {
			start := tf.LineStart(tf.Line(spec.Pos()))
			return analysis.TextEdit{Pos: start, End: start, NewText: []byte("\t" + quoted + "\n")}, true
		}
	}
	last := group[len(group)-1]
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("\n\t" + quoted)}, true
}

// isStdPath reports whether path is a standard-library import path: its
// first element has no dot, as the go command decides.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func quotedSpec(gd *ast.GenDecl) string {
	spec := gd.Specs[0].(*ast.ImportSpec)
	if spec.Name != nil {
		return spec.Name.Name + " " + spec.Path.Value
	}
	return spec.Path.Value
}

func lastElem(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[i+1:]
		}
	}
	return path
}

// Text returns the source text of node as written, so that a fix that
// moves an expression keeps its formatting (go/printer would respace
// binary expressions outside their context).
func Text(pass *analysis.Pass, node ast.Node) (string, bool) {
	return sourceText(pass, node.Pos(), node.End())
}

// Between returns the source text from pos to end, two positions of one
// file: the whole lines a DeleteStmt edit spans, to write them elsewhere.
func Between(pass *analysis.Pass, pos, end token.Pos) (string, bool) {
	return sourceText(pass, pos, end)
}

// Indent returns the white space that starts the line of pos, up to pos:
// what a statement inserted before the one at pos is indented with. It
// returns false when other text precedes pos on its line.
func Indent(pass *analysis.Pass, pos token.Pos) (string, bool) {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return "", false
	}
	text, ok := sourceText(pass, tf.LineStart(tf.Line(pos)), pos)
	if !ok || strings.TrimLeft(text, " \t") != "" {
		return "", false
	}
	return text, true
}

// sourceText returns the source between two positions of one file.
func sourceText(pass *analysis.Pass, pos, end token.Pos) (string, bool) {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return "", false
	}
	read := pass.ReadFile
	if read == nil { // nogo does not set ReadFile
		read = os.ReadFile
	}
	src, err := read(tf.Name())
	if err != nil {
		return "", false
	}
	start, stop := tf.Offset(pos), tf.Offset(end)
	if start < 0 || stop > len(src) || start > stop {
		return "", false
	}
	return string(src[start:stop]), true
}
