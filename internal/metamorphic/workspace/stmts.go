package workspace

import (
	"errors"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"reflect"

	"golang.org/x/tools/go/ast/astutil"
)

// InsertBefore puts the statements stmts right before the statement s of
// the edit's trees, in the statement list that holds it.
func (e *Edit) InsertBefore(s ast.Stmt, stmts ...ast.Stmt) error {
	p, err := e.PathTo(s)
	if err != nil || len(p) < 2 {
		return errors.New("workspace: statement not found")
	}
	if !InList(p[len(p)-2], s) {
		return errors.New("workspace: statement is not in a statement list")
	}
	done := false
	astutil.Apply(p[len(p)-2], func(c *astutil.Cursor) bool {
		if done || c.Node() != s {
			return !done
		}
		for _, n := range stmts {
			c.InsertBefore(n)
		}
		done = true
		return false
	}, nil)
	if !done {
		return errors.New("workspace: statement not found")
	}
	for _, n := range stmts {
		e.Own(n)
		e.Anchor(n, s.Pos())
	}
	return nil
}

// AppendDecl adds decl at the end of the copy of the file that holds
// the copied node near. The declaration is placed after the file's last
// comment, so that the printer keeps every comment where it was.
func (e *Edit) AppendDecl(near ast.Node, decl ast.Decl) error {
	p, err := e.PathTo(near)
	if err != nil {
		return err
	}
	f, ok := p[0].(*ast.File)
	if !ok {
		return errors.New("workspace: not in a file")
	}
	end := f.End()
	if n := len(f.Comments); n > 0 && f.Comments[n-1].End() > end {
		end = f.Comments[n-1].End()
	}
	switch d := decl.(type) {
	case *ast.FuncDecl:
		d.Type.Func = end
	case *ast.GenDecl:
		d.TokPos = end
	}
	f.Decls = append(f.Decls, decl)
	e.Own(decl)
	e.Anchor(decl, end)
	return nil
}

// InList reports whether s is a statement of the statement list of
// parent (a block, or a case's body).
func InList(parent ast.Node, s ast.Stmt) bool {
	var list []ast.Stmt
	switch p := parent.(type) {
	case *ast.BlockStmt:
		list = p.List
	case *ast.CaseClause:
		list = p.Body
	case *ast.CommClause:
		list = p.Body
	}
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// RemoveComments deletes from the copy of f the comments that lie inside
// n (a copied node): moving n elsewhere would leave them behind, at the
// wrong statement.
func (e *Edit) RemoveComments(f *File, n ast.Node) {
	c := e.File(f)
	keep := c.Comments[:0]
	for _, g := range c.Comments {
		if g.Pos() >= n.Pos() && g.End() <= n.End() {
			continue
		}
		keep = append(keep, g)
	}
	c.Comments = keep
}

// Exists reports whether the module has a file or directory at rel
// (slash-separated, relative to its root).
func (m *Module) Exists(rel string) bool {
	_, err := os.Stat(filepath.Join(m.Dir, filepath.FromSlash(rel)))
	return err == nil
}

// Delete removes n, a declaration of a file or a spec of a declaration,
// from the edit's trees.
func (e *Edit) Delete(n ast.Node) error {
	p, err := e.PathTo(n)
	if err != nil || len(p) < 2 {
		return errors.New("workspace: deleted node not found")
	}
	deleted := false
	astutil.Apply(p[len(p)-2], func(c *astutil.Cursor) bool {
		if !deleted && c.Node() == n && c.Index() >= 0 {
			c.Delete()
			deleted = true
			return false
		}
		return !deleted
	}, nil)
	if !deleted {
		return errors.New("workspace: deleted node is not in a list")
	}
	if f, ok := p[0].(*ast.File); ok {
		dropComments(f, attached(n)...)
	}
	return nil
}

// attached returns the doc and line comments of a declaration or spec.
func attached(n ast.Node) []*ast.CommentGroup {
	switch n := n.(type) {
	case *ast.GenDecl:
		groups := []*ast.CommentGroup{n.Doc}
		for _, s := range n.Specs {
			groups = append(groups, attached(s)...)
		}
		return groups
	case *ast.ValueSpec:
		return []*ast.CommentGroup{n.Doc, n.Comment}
	case *ast.FuncDecl:
		return []*ast.CommentGroup{n.Doc}
	}
	return nil
}

// dropComments removes the comment groups from the file's comments.
func dropComments(f *ast.File, groups ...*ast.CommentGroup) {
	keep := f.Comments[:0]
	for _, g := range f.Comments {
		drop := false
		for _, d := range groups {
			drop = drop || (d != nil && g == d)
		}
		if !drop {
			keep = append(keep, g)
		}
	}
	f.Comments = keep
}

// fillPositions sets the unset positions of the node x (not of its
// children) to pos, but for those whose being set changes the syntax
// (a call's ..., a declaration's parentheses, a channel's arrow, a
// parameter list's parentheses).
func fillPositions(x ast.Node, pos token.Pos) {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return
	}
	v = v.Elem()
	posType := reflect.TypeOf(token.NoPos)
	for i := range v.NumField() {
		switch v.Type().Field(i).Name {
		case "Ellipsis", "Lparen", "Rparen", "Arrow", "Opening", "Closing":
			if _, isCall := x.(*ast.CallExpr); !isCall || v.Type().Field(i).Name == "Ellipsis" {
				continue
			}
		}
		if f := v.Field(i); f.Type() == posType && f.CanSet() && f.Int() == 0 {
			f.SetInt(int64(pos))
		}
	}
}
