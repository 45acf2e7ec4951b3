package helper

import (
	"errors"
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/extraction"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/typename"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// ErrMethod moves a command whose reply is read only for its error into a
// new method (or, outside methods, a function) that returns that error:
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		return l.rdb.Eval(ctx, releaseScript, []string{l.key}, l.token).Err()
//	}
//
// becomes
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		return l.mmErr1(ctx)
//	}
//
//	func (l *Lock) mmErr1(ctx context.Context) error {
//		return l.rdb.Eval(ctx, releaseScript, []string{l.key}, l.token).Err()
//	}
//
// It applies to X.Err() and X.Error() where X is a command of a client
// package, anywhere but as the call of a defer or go statement (where
// the command runs at once and the error later). The variables the
// expression reads become parameters, on the conditions of
// ExtractHelper; the new method runs where the expression was evaluated.
type ErrMethod struct{}

// Name implements rewrite.Kind.
func (ErrMethod) Name() string { return "err-method" }

// Places implements rewrite.Kind.
func (ErrMethod) Places(m *workspace.Module) []rewrite.Place {
	var places []rewrite.Place
	namers := rewrite.Namers{}
	for _, f := range rewrite.Files(m) {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			x, err := planErr(f, path)
			if err != nil {
				return true
			}
			name := namers.For(f.Pkg).Name("mmErr")
			places = append(places, rewrite.Place{Pos: x.Moved[0].Pos(), End: x.Moved[0].End(),
				What:  "the error of " + commandName(x.Moved[0]) + " into " + name,
				Apply: func(e *workspace.Edit) error { return errMethod(e, x, name) }})
			return true
		})
	}
	return places
}

// planErr returns the extraction of the X.Err() at the start of path.
func planErr(f *workspace.File, path []ast.Node) (*extraction.Extraction, error) {
	call, ok := path[0].(*ast.CallExpr)
	if !ok || !rewrite.IsReplyAccessor(f.Info, call) {
		return nil, errors.New("not a reply's accessor")
	}
	if name := call.Fun.(*ast.SelectorExpr).Sel.Name; name != "Err" && name != "Error" {
		return nil, errors.New("not Err or Error")
	}
	switch path[1].(type) {
	case *ast.DeferStmt, *ast.GoStmt:
		return nil, errors.New("the call of a defer or go statement")
	}
	x := &extraction.Extraction{File: f, Func: rewrite.EnclosingFunc(path), Moved: []ast.Expr{call},
		Results: []types.Type{f.Info.TypeOf(call)}}
	for _, n := range path {
		if s, ok := n.(ast.Stmt); ok {
			x.Stmt = s
			break
		}
	}
	if x.Stmt == nil {
		return nil, errors.New("not in a statement")
	}
	if err := x.Check(); err != nil {
		return nil, err
	}
	return x, nil
}

// commandName names the command of X.Err().
func commandName(e ast.Expr) string {
	inner := e.(*ast.CallExpr).Fun.(*ast.SelectorExpr).X.(*ast.CallExpr)
	if sel, ok := inner.Fun.(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return "the command"
}

// errMethod makes the change: the method (or function) at the end of the
// file, its call in place of the expression, which stands for the
// command for the findings judged at a call (see callerJudged).
func errMethod(e *workspace.Edit, x *extraction.Extraction, name string) error {
	recv, recvVar := receiver(x)
	var params []extraction.Param
	call := &ast.CallExpr{Fun: &ast.Ident{NamePos: e.Node(x.Moved[0]).Pos(), Name: name}}
	if recvVar != nil {
		call.Fun = &ast.SelectorExpr{X: &ast.Ident{NamePos: e.Node(x.Moved[0]).Pos(), Name: recvVar.Name()}, Sel: ast.NewIdent(name)}
	}
	for _, v := range x.Params {
		if v == recvVar {
			continue
		}
		params = append(params, extraction.Param{Name: v.Name(), Type: v.Type()})
		call.Args = append(call.Args, ast.NewIdent(v.Name()))
	}
	moved := e.Node(x.Moved[0]).(ast.Expr)
	e.RemoveComments(x.File, moved)
	if err := e.Replace(moved, call); err != nil {
		return err
	}
	decl, err := extraction.FuncDecl(typename.New(e, x.File), name, recv, params, x.Results,
		[]ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{moved}}})
	if err != nil {
		return err
	}
	if err := e.AppendDecl(e.Node(x.Func), decl); err != nil {
		return err
	}
	e.AliasFor(call, callerJudged, x.Moved[0].(*ast.CallExpr).Fun.(*ast.SelectorExpr).X)
	return nil
}

// receiver returns the receiver list of the new method and the
// receiver's variable, when the expression is in a method and reads its
// receiver; nil otherwise (the helper is then a function).
func receiver(x *extraction.Extraction) (*ast.FieldList, *types.Var) {
	if x.Func.Recv == nil || len(x.Func.Recv.List) != 1 || len(x.Func.Recv.List[0].Names) != 1 {
		return nil, nil
	}
	v, ok := x.File.Info.Defs[x.Func.Recv.List[0].Names[0]].(*types.Var)
	if !ok || !extraction.ContainsVar(x.Params, v) {
		return nil, nil
	}
	t, err := rewrite.ParseExpr(types.ExprString(x.Func.Recv.List[0].Type))
	if err != nil {
		return nil, nil
	}
	return &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{ast.NewIdent(v.Name())}, Type: t}}}, v
}
