// Package extraction holds what the refactorings that move code into a
// new function share: the Extraction of a statement or expression (what
// moves, which variables become parameters, which result types the new
// function has), the judgement of whether moving it changes what the
// program does, and the new function's declaration.
//
// It must not know where the new function goes.
package extraction

import (
	"errors"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/typename"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// extraction is code to move into a new function: the expressions moved
// (a call statement's call, an assignment's right side, a return's
// results, or one expression), the variables they read, which become the
// function's parameters, and its result types.
type Extraction struct {
	File    *workspace.File
	Func    *ast.FuncDecl // the declaration around the code
	Stmt    ast.Stmt      // the statement the code is, or is in
	Moved   []ast.Expr
	Params  []*types.Var // the variables it reads, in the order of their first use
	Results []types.Type
}

// PlanStmt returns the extraction of the statement on path (a call
// statement, an assignment or a return with results) when it issues a
// command and can move into a function of its own.
func PlanStmt(f *workspace.File, cmds *rewrite.Commands, path []ast.Node) (*Extraction, error) {
	stmt, ok := path[0].(ast.Stmt)
	if !ok || len(path) < 2 || !workspace.InList(path[1], stmt) {
		return nil, errors.New("not a statement of a statement list")
	}
	if !cmds.Contains(f.Info, stmt) {
		return nil, errors.New("issues no command")
	}
	x := &Extraction{File: f, Func: rewrite.EnclosingFunc(path), Stmt: stmt}
	if err := x.split(path); err != nil {
		return nil, err
	}
	if err := x.Check(); err != nil {
		return nil, err
	}
	return x, nil
}

// split finds the moved expressions and the result types of the
// statement.
func (x *Extraction) split(path []ast.Node) error {
	info := x.File.Info
	switch s := x.Stmt.(type) {
	case *ast.ExprStmt:
		if _, ok := s.X.(*ast.CallExpr); !ok {
			return errors.New("not a call")
		}
		x.Moved = []ast.Expr{s.X}
	case *ast.AssignStmt:
		if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			return errors.New("an operation and assignment")
		}
		x.Moved = s.Rhs
		for _, lhs := range s.Lhs {
			x.Results = append(x.Results, lhsType(info, lhs))
		}
		if len(s.Rhs) == 1 && len(s.Lhs) > 1 {
			return x.tupleResults(s.Rhs[0], s.Lhs)
		}
		for i, t := range x.Results {
			if t == nil {
				x.Results[i] = types.Default(info.TypeOf(s.Rhs[i]))
			}
		}
	case *ast.ReturnStmt:
		sig := enclosingSignature(info, path)
		if len(s.Results) == 0 || sig == nil {
			return errors.New("a bare return")
		}
		x.Moved = s.Results
		for i := range sig.Results().Len() {
			x.Results = append(x.Results, sig.Results().At(i).Type())
		}
	default:
		return errors.New("not a call, an assignment or a return")
	}
	return nil
}

// tupleResults sets the results of a, b := f() from f's results where
// the left side is blank.
func (x *Extraction) tupleResults(rhs ast.Expr, lhs []ast.Expr) error {
	tuple, ok := x.File.Info.TypeOf(rhs).(*types.Tuple)
	if !ok || tuple.Len() != len(lhs) {
		return errors.New("not a call of several results")
	}
	for i := range x.Results {
		if x.Results[i] == nil {
			x.Results[i] = tuple.At(i).Type()
		}
	}
	return nil
}

// lhsType returns the type of the left side of an assignment, or nil for
// the blank identifier.
func lhsType(info *types.Info, lhs ast.Expr) types.Type {
	if id, ok := lhs.(*ast.Ident); ok {
		if id.Name == "_" {
			return nil
		}
		if obj := info.ObjectOf(id); obj != nil {
			return obj.Type()
		}
	}
	return info.TypeOf(lhs)
}

// enclosingSignature returns the signature of the innermost function
// around path.
func enclosingSignature(info *types.Info, path []ast.Node) *types.Signature {
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit:
			sig, _ := info.TypeOf(n).(*types.Signature)
			return sig
		case *ast.FuncDecl:
			if obj, ok := info.Defs[n.Name].(*types.Func); ok {
				return obj.Type().(*types.Signature)
			}
			return nil
		}
	}
	return nil
}

// Check finds the parameters and refuses what a function of its own
// would change: a generic function, a call of recover, a local constant
// or type, a variable the code assigns or that something else can change
// while the code runs.
func (x *Extraction) Check() error {
	info := x.File.Info
	if x.Func == nil || x.Func.Type.TypeParams != nil || (x.Func.Recv != nil && isGenericRecv(info, x.Func)) {
		return errors.New("not in a function, or in a generic one")
	}
	if rewrite.NearDirective(x.File, x.Stmt) {
		return errors.New("a directive is attached to it")
	}
	for _, e := range x.Moved {
		if rewrite.CallsRecover(info, e) || usesLocalNonVar(info, e, x.Func) {
			return errors.New("calls recover or uses a local constant, type or label")
		}
		for _, v := range rewrite.FreeVars(info, e) {
			if rewrite.Assigns(info, e, v) || !rewrite.Unshared(info, bodyOf(x.Func, v), v) {
				return errors.New("a variable it reads is assigned by it or shared")
			}
			if !ContainsVar(x.Params, v) {
				x.Params = append(x.Params, v)
			}
		}
	}
	return nil
}

func ContainsVar(vars []*types.Var, v *types.Var) bool {
	for _, w := range vars {
		if w == v {
			return true
		}
	}
	return false
}

func isGenericRecv(info *types.Info, fd *ast.FuncDecl) bool {
	obj, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return true
	}
	recv := obj.Type().(*types.Signature).Recv()
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	return !ok || named.TypeParams().Len() > 0
}

// bodyOf returns the body of the innermost function of fd that declares
// v: assignments in that body are the ones that can reach v.
func bodyOf(fd *ast.FuncDecl, v *types.Var) *ast.BlockStmt {
	body := fd.Body
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Pos() <= v.Pos() && v.Pos() < lit.End() {
			body = lit.Body
		}
		return true
	})
	return body
}

// usesLocalNonVar reports whether e refers to a constant, type or label
// declared in fd outside e: a new function could not see it.
func usesLocalNonVar(info *types.Info, e ast.Node, fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return !found
		}
		obj := info.Uses[id]
		switch obj.(type) {
		case *types.Const, *types.TypeName, *types.Label:
			inFunc := obj.Pos() >= fd.Pos() && obj.Pos() < fd.End()
			inE := obj.Pos() >= e.Pos() && obj.Pos() < e.End()
			found = found || (inFunc && !inE)
		}
		return !found
	})
	return found
}

// ReplaceWithCall puts call where the moved code was and returns the
// helper's body, which holds the moved code.
func (x *Extraction) ReplaceWithCall(e *workspace.Edit, call *ast.CallExpr) ([]ast.Stmt, error) {
	for _, m := range x.Moved {
		e.RemoveComments(x.File, e.Node(m))
	}
	switch s := e.Node(x.Stmt).(type) {
	case *ast.ExprStmt:
		if err := e.Replace(s, &ast.ExprStmt{X: call}); err != nil {
			return nil, err
		}
		return []ast.Stmt{s}, nil
	case *ast.AssignStmt:
		moved := s.Rhs
		s.Rhs = []ast.Expr{call}
		e.Own(call)
		e.Anchor(call, moved[0].Pos())
		return []ast.Stmt{&ast.ReturnStmt{Results: moved}}, nil
	case *ast.ReturnStmt:
		moved := s.Results
		s.Results = []ast.Expr{call}
		e.Own(call)
		e.Anchor(call, moved[0].Pos())
		return []ast.Stmt{&ast.ReturnStmt{Results: moved}}, nil
	}
	return nil, errors.New("unexpected statement")
}

// Param is a parameter of a new function.
type Param struct {
	Name string
	Type types.Type
}

// FuncDecl returns the declaration func [recv] name(params) results {
// body }, with the types written as tn writes them.
func FuncDecl(tn *typename.Namer, name string, recv *ast.FieldList, params []Param, results []types.Type, body []ast.Stmt) (*ast.FuncDecl, error) {
	ft := &ast.FuncType{Params: &ast.FieldList{}}
	for _, p := range params {
		t, err := typeExpr(tn, p.Type)
		if err != nil {
			return nil, err
		}
		ft.Params.List = append(ft.Params.List, &ast.Field{Names: []*ast.Ident{ast.NewIdent(p.Name)}, Type: t})
	}
	if len(results) > 0 {
		ft.Results = &ast.FieldList{}
	}
	for _, r := range results {
		t, err := typeExpr(tn, r)
		if err != nil {
			return nil, err
		}
		ft.Results.List = append(ft.Results.List, &ast.Field{Type: t})
	}
	return &ast.FuncDecl{Recv: recv, Name: ast.NewIdent(name), Type: ft,
		Body: &ast.BlockStmt{Lbrace: token.NoPos, List: body}}, nil
}

func typeExpr(tn *typename.Namer, t types.Type) (ast.Expr, error) {
	s, err := tn.TypeString(t)
	if err != nil {
		return nil, err
	}
	return rewrite.ParseExpr(s)
}
