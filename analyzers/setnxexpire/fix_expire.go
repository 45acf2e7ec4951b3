package setnxexpire

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/analysis"
)

// removeExpire returns the edits that take the expire out of the code once
// its TTL is in the acquire, in each shape people write it:
//
//   - a statement whose reply nobody reads (rdb.Expire(...), _ = ..., go ...)
//     is deleted;
//   - an expire whose error is checked (if err := rdb.Expire(...).Err();
//     err != nil {...}, if rdb.Expire(...).Err() != nil {...}, or err :=
//     rdb.Expire(...).Err() and then if err != nil {...}) is deleted with
//     its error handling, which can no longer run;
//   - a returned error (return rdb.Expire(...).Err()) becomes nil: once
//     SET NX has set the TTL there is nothing left to fail.
//
// The error-checked shapes are offered only when the acquire's own answer
// is read: if it were dropped, the expire's error would be the only sign
// that the SET NX failed, and removing it would hide a failure.
//
// The imports only the removed code used go too; there is no fix when the
// removal would leave a local variable unused (it would not compile).
func removeExpire(pass *analysis.Pass, acq, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	edits, ok := expireRemoval(pass, acq, exp)
	if !ok {
		return nil, false
	}
	tidy, ok := fixedit.Tidy(pass, exp.Func.File, exp.Func.Decl, edits, exp.TTL) // the TTL moves into the acquire
	if !ok {
		return nil, false
	}
	return append(edits, tidy...), true
}

// expireRemoval returns the edits of removeExpire's shapes.
func expireRemoval(pass *analysis.Pass, acq, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	u := exp.Reply
	switch {
	case u.Held != nil:
		return nil, false // held in a local read later: its statement stays
	case u.Consumer == replyuse.Dropped || u.Consumer == replyuse.Go || u.Consumer == replyuse.Blank:
		return removeStmts(pass, exp, u.Parent, 1)
	case (u.ErrOnly == "" && !u.ErrorSideOnly()) || !answerRead(acq):
		return nil, false // (a client whose expire returns (n, err) is read as _, err := ...)
	case u.Consumer == replyuse.Returned:
		return []analysis.TextEdit{{Pos: u.Reply.Pos(), End: u.Reply.End(), NewText: []byte("nil")}}, true
	case u.Consumer == replyuse.Assigned:
		return removeAssignedErr(pass, exp)
	}
	return removeErrCond(pass, exp)
}

// answerRead reports whether the code reads the acquire's answer (its
// flag, its value or its error) rather than dropping it.
func answerRead(acq *lockmodel.Op) bool {
	return acq.Reply.Consumer == replyuse.Read || acq.Reply.Consumer == replyuse.Assigned || acq.Reply.Consumer == replyuse.Returned
}

// removeErrCond handles if rdb.Expire(...).Err() != nil {...} with no init
// and no else: the if statement goes.
func removeErrCond(pass *analysis.Pass, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	cond, ok := exp.Reply.Parent.(*ast.BinaryExpr)
	if !ok || !comparedWithNil(pass, cond, exp.Reply.Reply) {
		return nil, false
	}
	ifStmt, ok := parentOf(exp.Stack, cond).(*ast.IfStmt)
	if !ok || ifStmt.Cond != cond || ifStmt.Init != nil || ifStmt.Else != nil {
		return nil, false
	}
	return removeStmts(pass, exp, ifStmt, 1)
}

// removeAssignedErr handles the error assigned to a new variable err and
// tested by the if statement that follows, or by the if whose init the
// assignment is: if err := rdb.Expire(...).Err(); err != nil {...}. The if
// (with no else) and the assignment go, when err is read nowhere else.
func removeAssignedErr(pass *analysis.Pass, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	as, ok := exp.Reply.Parent.(*ast.AssignStmt)
	if !ok || (as.Tok != token.DEFINE && as.Tok != token.ASSIGN) || (len(as.Lhs) != 1 && !exp.Reply.ErrorSideOnly()) {
		return nil, false
	}
	id, _ := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	errVar, _ := pass.TypesInfo.ObjectOf(id).(*types.Var)
	if errVar == nil {
		return nil, false
	}
	if as.Tok == token.ASSIGN {
		return reassignedErr(pass, exp, as, errVar)
	}
	if ifStmt, ok := parentOf(exp.Stack, as).(*ast.IfStmt); ok {
		if ifStmt.Init != as || !errTest(pass, ifStmt, errVar) || usedOutside(pass, errVar, ifStmt) {
			return nil, false
		}
		return removeStmts(pass, exp, ifStmt, 1)
	}
	following, ok := nextStmt(exp.Stack, as)
	if !ok {
		return nil, false
	}
	if ret, ok := following.(*ast.ReturnStmt); ok {
		return returnedErr(pass, exp, as, ret, errVar)
	}
	next, ok := following.(*ast.IfStmt)
	if !ok || next.Init != nil || !errTest(pass, next, errVar) || usedOutside(pass, errVar, as, next) {
		return nil, false
	}
	return removeStmts(pass, exp, as, 2)
}

// returnedErr handles err := <expire>; return ..., err: the assignment
// goes and the returned err becomes nil (returnNil), when err is read
// nowhere else.
func returnedErr(pass *analysis.Pass, exp *lockmodel.Op, as *ast.AssignStmt, ret *ast.ReturnStmt, errVar *types.Var) ([]analysis.TextEdit, bool) {
	if usedOutside(pass, errVar, as, ret) {
		return nil, false
	}
	return returnNil(pass, exp, as, ret, errVar)
}

// returnNil deletes the assignment as of errVar and makes ret, which
// returns errVar last and nowhere else, return nil in its place.
func returnNil(pass *analysis.Pass, exp *lockmodel.Op, as *ast.AssignStmt, ret *ast.ReturnStmt, errVar *types.Var) ([]analysis.TextEdit, bool) {
	if len(ret.Results) == 0 {
		return nil, false
	}
	last, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.Ident)
	if !ok || pass.TypesInfo.Uses[last] != errVar {
		return nil, false
	}
	for _, r := range ret.Results[:len(ret.Results)-1] {
		if analysisutil.Uses(pass.TypesInfo, r, errVar) {
			return nil, false
		}
	}
	del, ok := removeStmts(pass, exp, as, 1)
	if !ok {
		return nil, false
	}
	return append(del, analysis.TextEdit{Pos: last.Pos(), End: last.End(), NewText: []byte("nil")}), true
}

// reassignedErr handles err = <expire>; return ..., err, with err
// declared before: the assignment goes and the returned err becomes nil
// (the expire's error, which can no longer be anything else). Only when
// the return follows at once, so no later read sees err's older value,
// and err is read elsewhere, so its declaration stays used.
func reassignedErr(pass *analysis.Pass, exp *lockmodel.Op, as *ast.AssignStmt, errVar *types.Var) ([]analysis.TextEdit, bool) {
	following, _ := nextStmt(exp.Stack, as)
	ret, ok := following.(*ast.ReturnStmt)
	if !ok || !readOutside(pass, exp.Func.Decl, errVar, as, ret) {
		return nil, false
	}
	return returnNil(pass, exp, as, ret, errVar)
}

// readOutside reports whether v is read (not only assigned to) in body
// anywhere but inside nodes.
func readOutside(pass *analysis.Pass, body ast.Node, v *types.Var, nodes ...ast.Node) bool {
	written := map[*ast.Ident]bool{}
	read := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN {
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						written[id] = true
					}
				}
			}
		case *ast.Ident:
			if pass.TypesInfo.Uses[n] == v && !written[n] && !slices.ContainsFunc(nodes, func(m ast.Node) bool { return within(n, m) }) {
				read = true
			}
		}
		return !read
	})
	return read
}

// errTest reports whether ifStmt is if v != nil {...} with no else.
func errTest(pass *analysis.Pass, ifStmt *ast.IfStmt, v *types.Var) bool {
	return ifStmt.Else == nil && analysisutil.IsNonNilTest(pass.TypesInfo, ifStmt.Cond, v)
}

// comparedWithNil reports whether cond is e != nil (or nil != e).
func comparedWithNil(pass *analysis.Pass, cond *ast.BinaryExpr, e ast.Expr) bool {
	if cond.Op != token.NEQ {
		return false
	}
	other := cond.Y
	if cond.Y == e {
		other = cond.X
	} else if cond.X != e {
		return false
	}
	return pass.TypesInfo.Types[other].IsNil()
}

// usedOutside reports whether v is read anywhere but inside nodes.
func usedOutside(pass *analysis.Pass, v *types.Var, nodes ...ast.Node) bool {
	for id, obj := range pass.TypesInfo.Uses {
		if obj == v && !slices.ContainsFunc(nodes, func(n ast.Node) bool { return within(id, n) }) {
			return true
		}
	}
	return false
}

func within(inner, outer ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// parentOf returns the node that directly contains n on stack, or nil.
func parentOf(stack []ast.Node, n ast.Node) ast.Node {
	if i := slices.Index(stack, n); i > 0 {
		return stack[i-1]
	}
	return nil
}

// removeStmts deletes n statements from stmt on (fixedit.RemoveStmts).
func removeStmts(pass *analysis.Pass, exp *lockmodel.Op, stmt ast.Node, n int) ([]analysis.TextEdit, bool) {
	i := slices.Index(exp.Stack, stmt)
	if i < 1 {
		return nil, false
	}
	return fixedit.RemoveStmts(pass, exp.Func.File, exp.Stack, i, n)
}

// nextStmt returns the statement that follows stmt in the block that
// holds it (stack is the path from the file to stmt's operation).
func nextStmt(stack []ast.Node, stmt ast.Stmt) (ast.Stmt, bool) {
	block, ok := parentOf(stack, stmt).(*ast.BlockStmt)
	if !ok {
		return nil, false
	}
	next := analysisutil.NextStmt(block, stmt)
	return next, next != nil
}
