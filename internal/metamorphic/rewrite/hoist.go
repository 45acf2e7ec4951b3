package rewrite

import (
	"errors"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// HoistPoint returns the statement before which expr can be evaluated
// instead of where it is, with the same result and the same effects: the
// statement of a statement list that evaluates expr exactly once, first
// among everything it evaluates that has an effect (a call, a receive).
// path runs from expr up to its file (astutil.PathEnclosingInterval).
//
// Go evaluates calls and receives in lexical order, so an expression with
// no call or receive written before it in its statement can move in front
// of the statement. It cannot when it is evaluated only sometimes (the
// right side of && or ||, a loop's condition or post statement, an if's
// condition after an init statement, a case), or when the function has a
// goto that could jump back over the new statement.
func HoistPoint(info *types.Info, path []ast.Node, expr ast.Expr) (ast.Stmt, error) {
	s, err := enclosingListStmt(path, expr)
	if err != nil {
		return nil, err
	}
	if hasEffectBefore(info, s, expr) {
		return nil, errors.New("something with an effect is evaluated before it")
	}
	if hasGoto(path) {
		return nil, errors.New("the function has a goto")
	}
	return s, nil
}

// enclosingListStmt walks up from expr to the statement of a statement
// list that evaluates it unconditionally and once.
func enclosingListStmt(path []ast.Node, expr ast.Expr) (ast.Stmt, error) {
	child := ast.Node(expr)
	for i := 1; i < len(path); i++ {
		p := path[i]
		if b, ok := p.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) && b.Y == child {
			return nil, errors.New("evaluated only sometimes (after && or ||)")
		}
		s, ok := p.(ast.Stmt)
		if !ok {
			child = p
			continue
		}
		if err := evaluatesOnceFirst(s, child); err != nil {
			return nil, err
		}
		if workspace.InList(path[i+1], s) {
			return s, nil
		}
		switch path[i+1].(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.ForStmt:
			child = s // an init statement: evaluated before the statement's own parts
			continue
		}
		return nil, errors.New("its statement is not in a statement list")
	}
	return nil, errors.New("not inside a statement")
}

// evaluatesOnceFirst returns an error unless the statement s evaluates its
// part child once, before its other parts.
func evaluatesOnceFirst(s ast.Stmt, child ast.Node) error {
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.SendStmt, *ast.IncDecStmt, *ast.AssignStmt, *ast.ReturnStmt,
		*ast.GoStmt, *ast.DeferStmt, *ast.DeclStmt:
		return nil
	case *ast.IfStmt:
		if child == s.Init || (child == s.Cond && s.Init == nil) {
			return nil
		}
	case *ast.SwitchStmt:
		if child == s.Init || (child == s.Tag && s.Init == nil) {
			return nil
		}
	case *ast.TypeSwitchStmt:
		if child == s.Init || (child == s.Assign && s.Init == nil) {
			return nil
		}
	case *ast.ForStmt:
		if child == s.Init {
			return nil
		}
	case *ast.RangeStmt:
		if child == s.X {
			return nil
		}
	}
	return errors.New("evaluated only sometimes, or more than once, by its statement")
}

// hasEffectBefore reports whether s evaluates a call or a receive written
// before expr, other than the calls expr is an argument of (they run
// after it).
func hasEffectBefore(info *types.Info, s ast.Stmt, expr ast.Expr) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= expr.Pos() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return n.End() > expr.Pos() // a literal's body runs when it is called
		}
		if n.End() > expr.Pos() {
			return true // contains expr: look at what comes before it inside
		}
		found = HasEffect(info, n)
		return !found
	})
	return found
}

// HasEffect reports whether evaluating n may call a function or receive
// from a channel (outside function literals, which it only creates).
// Conversions and the builtins that only read are not effects.
func HasEffect(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			found = found || x.Op == token.ARROW
		case *ast.CallExpr:
			found = found || !isPureCall(info, x)
		}
		return !found
	})
	return found
}

// isPureCall reports whether call is a conversion or a builtin that only
// reads (len, cap, min, max, complex, real, imag).
func isPureCall(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	if !ok {
		return false
	}
	switch b.Name() {
	case "len", "cap", "min", "max", "complex", "real", "imag":
		return true
	}
	return false
}

// hasGoto reports whether the function body on path (the outermost one)
// holds a goto.
func hasGoto(path []ast.Node) bool {
	var body ast.Node
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok {
			body = fd.Body
		}
	}
	if body == nil {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}
