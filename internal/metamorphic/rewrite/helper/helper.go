// Package helper holds the refactorings that move a command into a new
// function: the statement that issues it, into a helper of the same
// package (ExtractHelper) or of another package of the module
// (MoveHelper), and a reply's error, into a new method that returns it
// (ErrMethod). leasevet must report the command where it now is, once,
// and nothing at the helper's callers that it did not report before.
package helper

import (
	"errors"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// extraction is code to move into a new function: the expressions moved
// (a call statement's call, an assignment's right side, a return's
// results, or one expression), the variables they read, which become the
// function's parameters, and its result types.
type extraction struct {
	file    *workspace.File
	fd      *ast.FuncDecl // the declaration around the code
	stmt    ast.Stmt      // the statement the code is, or is in
	moved   []ast.Expr
	params  []*types.Var
	results []types.Type
}

// planStmt returns the extraction of the statement on path (a call
// statement, an assignment or a return with results) when it issues a
// command and can move into a function of its own.
func planStmt(f *workspace.File, cmds *rewrite.Commands, path []ast.Node) (*extraction, error) {
	stmt, ok := path[0].(ast.Stmt)
	if !ok || len(path) < 2 || !workspace.InList(path[1], stmt) {
		return nil, errors.New("not a statement of a statement list")
	}
	if !cmds.Contains(f.Info, stmt) {
		return nil, errors.New("issues no command")
	}
	x := &extraction{file: f, fd: rewrite.EnclosingFunc(path), stmt: stmt}
	if err := x.split(path); err != nil {
		return nil, err
	}
	if err := x.check(); err != nil {
		return nil, err
	}
	return x, nil
}

// split finds the moved expressions and the result types of the
// statement.
func (x *extraction) split(path []ast.Node) error {
	info := x.file.Info
	switch s := x.stmt.(type) {
	case *ast.ExprStmt:
		if _, ok := s.X.(*ast.CallExpr); !ok {
			return errors.New("not a call")
		}
		x.moved = []ast.Expr{s.X}
	case *ast.AssignStmt:
		if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			return errors.New("an operation and assignment")
		}
		x.moved = s.Rhs
		for _, lhs := range s.Lhs {
			x.results = append(x.results, lhsType(info, lhs))
		}
		if len(s.Rhs) == 1 && len(s.Lhs) > 1 {
			return x.tupleResults(s.Rhs[0], s.Lhs)
		}
		for i, t := range x.results {
			if t == nil {
				x.results[i] = types.Default(info.TypeOf(s.Rhs[i]))
			}
		}
	case *ast.ReturnStmt:
		sig := enclosingSignature(info, path)
		if len(s.Results) == 0 || sig == nil {
			return errors.New("a bare return")
		}
		x.moved = s.Results
		for i := range sig.Results().Len() {
			x.results = append(x.results, sig.Results().At(i).Type())
		}
	default:
		return errors.New("not a call, an assignment or a return")
	}
	return nil
}

// tupleResults sets the results of a, b := f() from f's results where
// the left side is blank.
func (x *extraction) tupleResults(rhs ast.Expr, lhs []ast.Expr) error {
	tuple, ok := x.file.Info.TypeOf(rhs).(*types.Tuple)
	if !ok || tuple.Len() != len(lhs) {
		return errors.New("not a call of several results")
	}
	for i := range x.results {
		if x.results[i] == nil {
			x.results[i] = tuple.At(i).Type()
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

// check finds the parameters and refuses what a function of its own
// would change: a generic function, a call of recover, a local constant
// or type, a variable the code assigns or that something else can change
// while the code runs.
func (x *extraction) check() error {
	info := x.file.Info
	if x.fd == nil || x.fd.Type.TypeParams != nil || (x.fd.Recv != nil && isGenericRecv(info, x.fd)) {
		return errors.New("not in a function, or in a generic one")
	}
	if rewrite.NearDirective(x.file, x.stmt) {
		return errors.New("a directive is attached to it")
	}
	for _, e := range x.moved {
		if callsRecover(info, e) || usesLocalNonVar(info, e, x.fd) {
			return errors.New("calls recover or uses a local constant, type or label")
		}
		for _, v := range rewrite.FreeVars(info, e) {
			if rewrite.Assigns(info, e, v) || !rewrite.Unshared(info, bodyOf(x.fd, v), v) {
				return errors.New("a variable it reads is assigned by it or shared")
			}
			if !containsVar(x.params, v) {
				x.params = append(x.params, v)
			}
		}
	}
	return nil
}

func containsVar(vars []*types.Var, v *types.Var) bool {
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

// callsRecover reports whether e calls recover outside function literals.
func callsRecover(info *types.Info, e ast.Node) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "recover" {
					found = true
				}
			}
		}
		return !found
	})
	return found
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
