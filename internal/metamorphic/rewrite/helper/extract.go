package helper

import (
	"fmt"
	"go/ast"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/extraction"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/typename"
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
// the same point the statement read them, so it does what it did. The
// helper's call stands for the commands it moved, for the findings the
// rules judge at a call of the function that issues a command.
type ExtractHelper struct{}

// Name implements rewrite.Kind.
func (ExtractHelper) Name() string { return "extract-helper" }

// Places implements rewrite.Kind.
func (ExtractHelper) Places(m *workspace.Module) []rewrite.Place {
	cmds := rewrite.NewCommands(m)
	var places []rewrite.Place
	namers := rewrite.Namers{}
	for _, f := range rewrite.Files(m) {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			if _, ok := path[0].(ast.Stmt); !ok {
				return true
			}
			x, err := extraction.PlanStmt(f, cmds, path)
			if err != nil {
				return true
			}
			name := namers.For(f.Pkg).Name("mmHelper")
			places = append(places, rewrite.Place{Pos: x.Stmt.Pos(), End: x.Stmt.End(),
				What:  fmt.Sprintf("statement into helper %s", name),
				Apply: func(e *workspace.Edit) error { return extractHere(e, x, name, commandsIn(x, cmds)) }})
			return true
		})
	}
	return places
}

// extractHere makes the change in the edit: the helper after the
// function, and its call in the statement's place, which stands for the
// commands it moved.
func extractHere(e *workspace.Edit, x *extraction.Extraction, name string, moved []ast.Node) error {
	tn := typename.New(e, x.File)
	var params []extraction.Param
	for _, v := range x.Params {
		params = append(params, extraction.Param{Name: v.Name(), Type: v.Type()})
	}
	fd := e.Node(x.Func).(*ast.FuncDecl)
	call := &ast.CallExpr{Fun: &ast.Ident{NamePos: e.Node(x.Stmt).Pos(), Name: name}}
	for _, p := range params {
		call.Args = append(call.Args, ast.NewIdent(p.Name))
	}
	body, err := x.ReplaceWithCall(e, call)
	if err != nil {
		return err
	}
	decl, err := extraction.FuncDecl(tn, name, nil, params, x.Results, body)
	if err != nil {
		return err
	}
	if err := e.AppendDecl(fd, decl); err != nil {
		return err
	}
	e.AliasFor(call, callerJudged, moved...)
	return nil
}

// callerJudged are the categories of the findings RULES.md makes at the
// call of a same-package function that issues the command, not at the
// command: those judged on the reply a function returns to its caller
// (unchecked-acquire, unchecked-release), on the arguments its caller
// passes (the token, the context, the loop around it), and on what the
// caller does after it (release-before-stop: the release, then the stop
// of the watchdog, both in the caller). Every other finding stays at the
// command in the helper.
var callerJudged = []string{
	"unchecked-acquire", "unchecked-release",
	"constant-token", "instance-token", "time-token",
	"release-done-ctx", "spin-acquire", "unbounded-acquire",
	"release-before-stop",
}
