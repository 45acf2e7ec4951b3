// Package hoist holds the refactorings that give a part of a command its
// own local variable, declared in the statement before: an argument
// (ExtractArg) and the command itself, whose reply is then read from the
// variable (ReplyLocal).
package hoist

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/typename"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// hoisting is one expression to move into a new local declared right
// before the statement that evaluates it.
type hoisting struct {
	file *workspace.File
	expr ast.Expr
	stmt ast.Stmt // the statement before which the local is declared
	name string
	typ  string // the local's type when the expression's own would differ; "" otherwise
}

// plan returns the hoisting of expr (path runs from it up to its file),
// or an error saying why it cannot be hoisted.
func plan(f *workspace.File, path []ast.Node, expr ast.Expr, namer *rewrite.Namer, prefix string) (*hoisting, error) {
	info := f.Info
	tv, ok := info.Types[expr]
	if !ok || tv.IsType() || tv.IsVoid() || tv.IsBuiltin() || tv.IsNil() {
		return nil, fmt.Errorf("not a value")
	}
	if _, tuple := tv.Type.(*types.Tuple); tuple {
		return nil, fmt.Errorf("several values")
	}
	stmt, err := rewrite.HoistPoint(info, path, expr)
	if err != nil {
		return nil, err
	}
	if rewrite.NearDirective(f, stmt) {
		return nil, fmt.Errorf("a directive is attached to its statement")
	}
	h := &hoisting{file: f, expr: expr, stmt: stmt}
	if !typename.KeepsType(f, expr) {
		h.typ = "?" // converted where it is used: the local needs that type, named at Apply
	}
	h.name = namer.Name(prefix)
	return h, nil
}

// apply declares the local and puts its name where the expression was.
func (h *hoisting) apply(e *workspace.Edit) error {
	expr := e.Node(h.expr).(ast.Expr)
	stmt := e.Node(h.stmt).(ast.Stmt)
	id := &ast.Ident{NamePos: expr.Pos(), Name: h.name}
	if err := e.Replace(expr, id); err != nil {
		return err
	}
	if err := relayout(e, id, h.file.Pkg.Module().Fset, h.expr); err != nil {
		return err
	}
	// The declaration takes the statement's position, so that the comments
	// before the statement stay before it.
	at := stmt.Pos()
	var decl ast.Stmt = &ast.AssignStmt{Lhs: []ast.Expr{&ast.Ident{NamePos: at, Name: h.name}}, TokPos: at,
		Tok: token.DEFINE, Rhs: []ast.Expr{expr}}
	if h.typ != "" {
		typ, err := typename.New(e, h.file).TypeString(h.file.Info.TypeOf(h.expr))
		if err != nil {
			return err
		}
		texpr, err := rewrite.ParseExpr(typ)
		if err != nil {
			return err
		}
		decl = &ast.DeclStmt{Decl: &ast.GenDecl{TokPos: at, Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{
			Names: []*ast.Ident{{NamePos: at, Name: h.name}}, Type: texpr, Values: []ast.Expr{expr}}}}}
	}
	return e.InsertBefore(stmt, decl)
}

// place returns h as a Place.
func (h *hoisting) place(what string) rewrite.Place {
	return rewrite.Place{Pos: h.expr.Pos(), End: h.expr.End(), What: what + " into local " + h.name, Apply: h.apply}
}

// callName returns the name of the function or method call calls.
func callName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.Ident:
		return f.Name
	}
	return "call"
}

// relayout lets the printer lay out anew the arguments that follow id in
// its call when id replaced an expression of several lines: kept, their
// positions would leave the lines of the expression blank.
func relayout(e *workspace.Edit, id *ast.Ident, fset *token.FileSet, orig ast.Expr) error {
	if fset.Position(orig.Pos()).Line == fset.Position(orig.End()).Line {
		return nil
	}
	path, err := e.PathTo(id)
	if err != nil {
		return err
	}
	call, ok := path[len(path)-2].(*ast.CallExpr)
	if !ok {
		return nil
	}
	after := false
	for _, a := range call.Args {
		if after {
			rewrite.ClearPositions(a)
		}
		after = after || a == ast.Expr(id)
	}
	call.Rparen = token.NoPos
	return nil
}
