package literal

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// LocalVar moves a string literal into a local variable declared right
// before the statement that uses it, one variable per literal:
//
//	return l.rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] ...`, []string{l.key}, l.token).Err()
//
// becomes
//
//	mmLit1 := "if redis.call(\"get\", KEYS[1]) == ARGV[1] ..."
//	return l.rdb.Eval(ctx, mmLit1, []string{l.key}, l.token).Err()
//
// Declaring a constant string has no effect, so the declaration can go
// before any statement of a function body. Only literals used as a
// string move, and none next to a directive.
type LocalVar struct{}

// Name implements rewrite.Kind.
func (LocalVar) Name() string { return "local-var" }

// Places implements rewrite.Kind.
func (LocalVar) Places(m *workspace.Module) []rewrite.Place {
	namers := rewrite.Namers{}
	var places []rewrite.Place
	for _, o := range occurrences(m) {
		stmt := listStmt(o.path)
		if !o.typed || stmt == nil || rewrite.NearDirective(o.file, stmt) {
			continue
		}
		places = append(places, localPlace(o, stmt, namers.For(o.file.Pkg).Name("mmLit")))
	}
	return places
}

// listStmt returns the innermost statement of a statement list around
// the node path starts at, or nil outside function bodies.
func listStmt(path []ast.Node) ast.Stmt {
	for i := 1; i+1 < len(path); i++ {
		s, ok := path[i].(ast.Stmt)
		if !ok {
			continue
		}
		if workspace.InList(path[i+1], s) {
			return s
		}
		if _, labeled := path[i+1].(*ast.LabeledStmt); labeled {
			return nil
		}
	}
	return nil
}

func localPlace(o occurrence, stmt ast.Stmt, name string) rewrite.Place {
	apply := func(e *workspace.Edit) error {
		s := e.Node(stmt).(ast.Stmt)
		decl := &ast.AssignStmt{Lhs: []ast.Expr{&ast.Ident{NamePos: s.Pos(), Name: name}}, TokPos: s.Pos(),
			Tok: token.DEFINE, Rhs: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: quoted(o.value)}}}
		if err := replaceWithName(e, o.lit, name); err != nil {
			return err
		}
		return e.InsertBefore(s, decl)
	}
	return rewrite.Place{Pos: o.lit.Pos(), End: o.lit.End(), Apply: apply,
		What: fmt.Sprintf("literal %s into local %s", short(o.value), name)}
}
