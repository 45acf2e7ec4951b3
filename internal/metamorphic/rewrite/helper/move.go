package helper

import (
	"errors"
	"fmt"
	"go/ast"
	"go/types"
	"path"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/extraction"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/typename"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// MoveHelper moves a statement that issues a command into an exported
// function of a new package of the module, mmext under the statement's
// package, and calls it from there:
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		return l.rdb.Del(ctx, l.key).Err()
//	}
//
// becomes
//
//	func (l *Lock) Unlock(ctx context.Context) error {
//		return mmext.Helper1(ctx, l.rdb, l.key)
//	}
//
// with, in mmext/locks.go,
//
//	func Helper1(ctx context.Context, rdb *redis.Client, key string) error {
//		return rdb.Del(ctx, key).Err()
//	}
//
// The new package cannot import the old one, so what the statement reads
// of its own package becomes a parameter: a field read through a
// variable of one of its types (l.rdb, l.key: the statement must not
// write or take the address of that variable's fields, nor call a
// function of the package), and a package variable or string constant.
// A statement that calls a function of its package or names one of its
// types stays. The conditions of ExtractHelper apply too.
//
// leasevet reports a wrapper in another package at each call of it, so a
// finding at the new call stands for the commands the helper issues.
type MoveHelper struct{}

// Name implements rewrite.Kind.
func (MoveHelper) Name() string { return "move-helper" }

// Places implements rewrite.Kind.
func (MoveHelper) Places(m *workspace.Module) []rewrite.Place {
	cmds := rewrite.NewCommands(m)
	var places []rewrite.Place
	counts := map[*workspace.Package]int{}
	for _, f := range rewrite.Files(m) {
		extDir := path.Join(path.Dir(f.Rel), "mmext")
		if m.Package(f.Pkg.Path+"/mmext") != nil || f.Pkg.Name == "mmext" {
			continue
		}
		rewrite.Inspect(f.Syntax, func(p []ast.Node) bool {
			if _, ok := p[0].(ast.Stmt); !ok {
				return true
			}
			x, err := extraction.PlanStmt(f, cmds, p)
			if err != nil {
				return true
			}
			mv, err := planMove(x, cmds)
			if err != nil {
				return true
			}
			counts[f.Pkg]++
			mv.name = fmt.Sprintf("Helper%d", counts[f.Pkg])
			mv.dir = extDir
			places = append(places, rewrite.Place{Pos: x.Stmt.Pos(), End: x.Stmt.End(),
				What: fmt.Sprintf("statement into %s.%s", path.Join(f.Pkg.Path, "mmext"), mv.name), Apply: mv.apply})
			return true
		})
	}
	return places
}

// move is an extraction into another package: its parameters are the
// free variables that the new package can name, the fields read through
// the others (lifted), and the package variables and constants read.
type move struct {
	*extraction.Extraction
	cmds   []ast.Node // the commands of the moved code
	lifted []lift
	name   string
	dir    string
}

// lift is an expression of the moved code that becomes a parameter:
// each of its occurrences (nodes) is replaced by the parameter's name.
type lift struct {
	param extraction.Param
	nodes []ast.Expr
}

// planMove decides what the moved code reads of its own package and how
// it gets it.
func planMove(x *extraction.Extraction, cmds *rewrite.Commands) (*move, error) {
	mv := &move{Extraction: x}
	own := x.File.Pkg.Path
	for _, t := range x.Results {
		if typename.Mentions(t, own) {
			return nil, errors.New("a result type of its own package")
		}
	}
	taken := map[string]bool{}
	for _, v := range x.Params {
		taken[v.Name()] = true
	}
	for _, e := range x.Moved {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if _, pkgName := x.File.Info.Uses[id].(*types.PkgName); pkgName {
					taken[id.Name] = true
				}
			}
			return true
		})
	}
	var keep []*types.Var
	for _, v := range x.Params {
		if !typename.Mentions(v.Type(), own) {
			keep = append(keep, v)
			continue
		}
		if err := mv.liftFields(v, taken); err != nil {
			return nil, err
		}
	}
	mv.Params = keep
	if err := mv.liftPackageLevel(taken); err != nil {
		return nil, err
	}
	mv.cmds = commandsIn(x, cmds)
	return mv, nil
}

// commandsIn returns the command calls of the code x moves: the nodes a
// call of the helper stands for, so that a finding the rules move from a
// command to the call of the function that issues it (an answer the
// helper returns and its caller drops, a token the caller passes) is the
// same finding.
func commandsIn(x *extraction.Extraction, cmds *rewrite.Commands) []ast.Node {
	var out []ast.Node
	for _, e := range x.Moved {
		ast.Inspect(e, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && cmds.Issues(x.File.Info, call) {
				out = append(out, call)
			}
			return true
		})
	}
	return out
}

// apply writes the helper into the new package and calls it.
func (mv *move) apply(e *workspace.Edit) error {
	rel := path.Join(mv.dir, path.Base(mv.File.Rel))
	if strings.HasSuffix(rel, "_test.go") {
		return errors.New("a test file")
	}
	ext, err := e.GoFile(rel, "mmext")
	if err != nil {
		return err
	}
	extPath := mv.File.Pkg.Path + "/mmext"
	local, err := typename.New(e, mv.File).Import(extPath, "mmext")
	if err != nil {
		return err
	}
	call, params := mv.call(e, local)
	if err := mv.liftIn(e); err != nil {
		return err
	}
	body, err := mv.ReplaceWithCall(e, call)
	if err != nil {
		return err
	}
	tn := typename.NewAdded(e, ext, extPath)
	if err := importUsed(tn, mv.File.Info, mv.Moved); err != nil {
		return err
	}
	decl, err := extraction.FuncDecl(tn, mv.name, nil, params, mv.Results, body)
	if err != nil {
		return err
	}
	ext.Decls = append(ext.Decls, decl)
	e.Own(decl)
	e.Alias(call, mv.cmds...)
	return nil
}

// call returns the call of the helper, from the file's package, and the
// helper's parameters.
func (mv *move) call(e *workspace.Edit, local string) (*ast.CallExpr, []extraction.Param) {
	at := e.Node(mv.Stmt).Pos()
	call := &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: at, Name: local}, Sel: ast.NewIdent(mv.name)}}
	var params []extraction.Param
	for _, v := range mv.Params {
		params = append(params, extraction.Param{Name: v.Name(), Type: v.Type()})
		call.Args = append(call.Args, ast.NewIdent(v.Name()))
	}
	for _, l := range mv.lifted {
		params = append(params, l.param)
		arg := l.nodes[0]
		if id, ok := arg.(*ast.Ident); ok {
			call.Args = append(call.Args, ast.NewIdent(id.Name)) // a package-level name
			continue
		}
		call.Args = append(call.Args, cloneSelector(arg.(*ast.SelectorExpr)))
	}
	return call, params
}

// cloneSelector copies a chain of field selections x.f.g, without
// positions.
func cloneSelector(s *ast.SelectorExpr) ast.Expr {
	var x ast.Expr
	switch inner := s.X.(type) {
	case *ast.SelectorExpr:
		x = cloneSelector(inner)
	case *ast.Ident:
		x = ast.NewIdent(inner.Name)
	}
	return &ast.SelectorExpr{X: x, Sel: ast.NewIdent(s.Sel.Name)}
}
