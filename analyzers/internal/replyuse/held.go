package replyuse

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// heldRead returns, when u assigns the command itself (not a value read
// from it) to one local defined there (cmd := rdb.SetNX(...)), and the
// local's only use in the enclosing function is a reply reader called on
// it (cmd.Val(), cmd.Err(), cmd.Result()), or its every use is an
// error-only reader (if cmd.Err() != nil { return cmd.Err() }), the local,
// the stack from stack[0] down to the first reader call, and that
// reader's name: the reply is consumed there. A function of the package
// that only returns an error-only reader's result on its argument
// (readBy: func errOf(res rueidis.RedisResult) error { return
// res.Error() }) reads the local as that reader does. With any other use
// it returns nil: the command is read where it is assigned, as before.
func heldRead(info *types.Info, stack []ast.Node, u Use, readBy ReadBy) (*ast.Ident, []ast.Node, string) {
	if u.Consumer != Assigned || len(u.Lhs) != 1 || u.ErrOnly != "" || u.Converted || u.Reply != stack[len(stack)-1] {
		return nil, nil, ""
	}
	id, ok := u.Lhs[0].(*ast.Ident)
	if !ok || !defines(u.Parent, info, id) {
		return nil, nil, ""
	}
	v, ok := info.Defs[id].(*types.Var)
	body := analysisutil.EnclosingBody(stack)
	if !ok || body == nil {
		return nil, nil, ""
	}
	paths := usesOf(info, body, v)
	if len(paths) == 0 || paths[0] == nil {
		return nil, nil, "" // unused, or first read in a closure
	}
	name, end := "", 0
	for i, path := range paths {
		r, at, ok := readerOf(path, readBy)
		yield := rediscall.MethodYield(r)
		if !ok || yield == rediscall.YieldsNothing || len(paths) > 1 && yield != rediscall.YieldsError {
			return nil, nil, ""
		}
		if i == 0 {
			name, end = r, at
		}
	}
	return id, append(stackTo(stack, body), paths[0][:end]...), name
}

// readerOf returns the name of the reader method called on the use at
// the end of path, or of the reader a function of the package applies to
// it when path ends in its argument (readBy), and the length of path up
// to that call; false when the use is neither.
func readerOf(path []ast.Node, readBy ReadBy) (string, int, bool) {
	if len(path) < 2 {
		return "", 0, false
	}
	if call, ok := path[len(path)-2].(*ast.CallExpr); ok && readBy != nil {
		if r := readBy(call, path[len(path)-1].(ast.Expr)); r != "" {
			return r, len(path) - 1, true
		}
	}
	if len(path) < 3 {
		return "", 0, false
	}
	sel, ok := path[len(path)-2].(*ast.SelectorExpr)
	call, isCall := path[len(path)-3].(*ast.CallExpr)
	if !ok || !isCall || call.Fun != sel {
		return "", 0, false
	}
	return sel.Sel.Name, len(path) - 2, true
}

// defines reports whether the statement parent defines id (id := ...,
// var id = ...).
func defines(parent ast.Node, info *types.Info, id *ast.Ident) bool {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		return p.Tok == token.DEFINE && info.Defs[id] != nil
	case *ast.ValueSpec:
		return info.Defs[id] != nil
	}
	return false
}

// stackTo returns the part of stack from stack[0] up to body, excluded.
func stackTo(stack []ast.Node, body *ast.BlockStmt) []ast.Node {
	for i, n := range stack {
		if n == body {
			return append([]ast.Node(nil), stack[:i]...)
		}
	}
	return append([]ast.Node(nil), stack...)
}

// usesOf returns, for each use of v in body in source order, the path
// from body down to it (the identifier last); nil for a use inside a
// closure (it may run later, or never).
func usesOf(info *types.Info, body *ast.BlockStmt, v *types.Var) [][]ast.Node {
	var path []ast.Node
	var found [][]ast.Node
	inLit := 0
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			if _, ok := path[len(path)-1].(*ast.FuncLit); ok {
				inLit--
			}
			path = path[:len(path)-1]
			return true
		}
		path = append(path, n)
		if _, ok := n.(*ast.FuncLit); ok {
			inLit++
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			var p []ast.Node
			if inLit == 0 {
				p = append([]ast.Node(nil), path...)
			}
			found = append(found, p)
		}
		return true
	})
	return found
}
