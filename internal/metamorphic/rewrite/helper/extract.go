package helper

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// ExtractHelper moves a statement that issues a command into a new
// function of the same package, declared at the end of its file;
// the variables it reads become parameters of the same names:
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		n, err := l.rdb.Del(ctx, l.key).Result()
//
// becomes
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		n, err := mmHelper1(ctx, l)
//	...
//	func mmHelper1(ctx context.Context, l *Lock) (int64, error) {
//		return l.rdb.Del(ctx, l.key).Result()
//	}
//
// A call statement, an assignment (its left side stays) and a return
// with results move. The statement must not assign a variable it reads,
// nor read one that something else can change while it runs (one whose
// address is taken, or that a function literal assigns); a statement
// that calls recover, uses a constant or type of its function or has a
// directive attached stays. The parameters get the variables' values at
// the same point the statement read them, so it does what it did.
type ExtractHelper struct{}

// Name implements rewrite.Kind.
func (ExtractHelper) Name() string { return "extract-helper" }

// Places implements rewrite.Kind.
func (ExtractHelper) Places(m *workspace.Module) []rewrite.Place {
	cmds := rewrite.NewCommands(m)
	var places []rewrite.Place
	namers := map[*workspace.Package]*rewrite.Namer{}
	for _, f := range rewrite.Files(m) {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			if _, ok := path[0].(ast.Stmt); !ok {
				return true
			}
			x, err := planStmt(f, cmds, path)
			if err != nil {
				return true
			}
			if namers[f.Pkg] == nil {
				namers[f.Pkg] = rewrite.NewNamer(f.Pkg)
			}
			name := namers[f.Pkg].Name("mmHelper")
			places = append(places, rewrite.Place{Pos: x.stmt.Pos(), End: x.stmt.End(),
				What:  fmt.Sprintf("statement into helper %s", name),
				Apply: func(e *workspace.Edit) error { return x.extractHere(e, name) }})
			return true
		})
	}
	return places
}

// extractHere makes the change in the edit: the helper after the
// function, and its call in the statement's place.
func (x *extraction) extractHere(e *workspace.Edit, name string) error {
	tn := rewrite.NewTypeNamer(e, x.file)
	var params []param
	for _, v := range x.params {
		params = append(params, param{v.Name(), v.Type()})
	}
	fd := e.Node(x.fd).(*ast.FuncDecl)
	call := &ast.CallExpr{Fun: &ast.Ident{NamePos: e.Node(x.stmt).Pos(), Name: name}}
	for _, p := range params {
		call.Args = append(call.Args, ast.NewIdent(p.name))
	}
	body, err := x.replaceWithCall(e, call)
	if err != nil {
		return err
	}
	decl, err := funcDecl(tn, name, nil, params, x.results, body)
	if err != nil {
		return err
	}
	return e.AppendDecl(fd, decl)
}

// replaceWithCall puts call where the moved code was and returns the
// helper's body, which holds the moved code.
func (x *extraction) replaceWithCall(e *workspace.Edit, call *ast.CallExpr) ([]ast.Stmt, error) {
	for _, m := range x.moved {
		e.RemoveComments(x.file, e.Node(m))
	}
	switch s := e.Node(x.stmt).(type) {
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

// param is a parameter of a new function.
type param struct {
	name string
	typ  types.Type
}

// funcDecl returns the declaration func [recv] name(params) results {
// body }, with the types written as tn writes them.
func funcDecl(tn *rewrite.TypeNamer, name string, recv *ast.FieldList, params []param, results []types.Type, body []ast.Stmt) (*ast.FuncDecl, error) {
	ft := &ast.FuncType{Params: &ast.FieldList{}}
	for _, p := range params {
		t, err := typeExpr(tn, p.typ)
		if err != nil {
			return nil, err
		}
		ft.Params.List = append(ft.Params.List, &ast.Field{Names: []*ast.Ident{ast.NewIdent(p.name)}, Type: t})
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

func typeExpr(tn *rewrite.TypeNamer, t types.Type) (ast.Expr, error) {
	s, err := tn.TypeString(t)
	if err != nil {
		return nil, err
	}
	return rewrite.ParseExpr(s)
}
