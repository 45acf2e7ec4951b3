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
// it (cmd.Val(), cmd.Err(), cmd.Result()), the local and the stack from
// stack[0] down to that reader call: the reply is consumed there. With
// any other use, or more than one, it returns nil: the command is read
// where it is assigned, as before.
func heldRead(info *types.Info, stack []ast.Node, u Use) (*ast.Ident, []ast.Node) {
	if u.Consumer != Assigned || len(u.Lhs) != 1 || u.ErrOnly != "" || u.Converted || u.Reply != stack[len(stack)-1] {
		return nil, nil
	}
	id, ok := u.Lhs[0].(*ast.Ident)
	if !ok || !defines(u.Parent, info, id) {
		return nil, nil
	}
	v, ok := info.Defs[id].(*types.Var)
	body := analysisutil.EnclosingBody(stack)
	if !ok || body == nil {
		return nil, nil
	}
	path := onlyUse(info, body, v)
	if len(path) < 3 {
		return nil, nil
	}
	sel, ok := path[len(path)-2].(*ast.SelectorExpr)
	call, isCall := path[len(path)-3].(*ast.CallExpr)
	if !ok || !isCall || call.Fun != sel || rediscall.MethodYield(sel.Sel.Name) == rediscall.YieldsNothing {
		return nil, nil
	}
	return id, append(stackTo(stack, body), path[:len(path)-2]...)
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

// onlyUse returns the path from body down to the one use of v in it (the
// identifier last), or nil when v is used other than once. A use inside a
// closure counts (it may run later, or never): the path is returned only
// when the use is in body itself, outside function literals.
func onlyUse(info *types.Info, body *ast.BlockStmt, v *types.Var) []ast.Node {
	var path, found []ast.Node
	uses, inLit := 0, 0
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
			uses++
			if inLit == 0 {
				found = append([]ast.Node(nil), path...)
			}
		}
		return true
	})
	if uses != 1 {
		return nil
	}
	return found
}
