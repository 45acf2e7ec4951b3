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
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// DeleteStmt returns the edit that deletes stmt, a statement of block, with
// its whole lines, or false when the statement shares a line with other
// code (deleting it would then need reformatting).
func DeleteStmt(fset *token.FileSet, file *ast.File, block *ast.BlockStmt, stmt ast.Stmt) (analysis.TextEdit, bool) {
	tf := fset.File(stmt.Pos())
	if tf == nil {
		return analysis.TextEdit{}, false
	}
	first, last := tf.Line(stmt.Pos()), tf.Line(stmt.End())
	prevEnd, nextPos := block.Lbrace, block.Rbrace
	for i, s := range block.List {
		if s != stmt {
			continue
		}
		if i > 0 {
			prevEnd = block.List[i-1].End()
		}
		if i+1 < len(block.List) {
			nextPos = block.List[i+1].Pos()
		}
	}
	if tf.Line(prevEnd) >= first || tf.Line(nextPos) <= last {
		return analysis.TextEdit{}, false
	}
	// A comment on the statement's own lines is about the statement and
	// goes with it; one that starts before it on its first line cannot be.
	for _, cg := range file.Comments {
		if tf.Line(cg.End()) >= first && cg.Pos() < stmt.Pos() && tf.Line(cg.Pos()) <= last {
			return analysis.TextEdit{}, false
		}
	}
	return analysis.TextEdit{Pos: tf.LineStart(first), End: tf.LineStart(last + 1)}, true
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
