package baredel

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerfix"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of baredel's diagnostics.
var Categories = []string{"bare-del"}

// Analyzer reports unconditional releases of lock keys. It belongs to the
// default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("baredel", doc, Categories, run)

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	for _, op := range m.Ops {
		if acq, use := unownedRelease(pass, m, op); acq != nil {
			report(pass, m, op, acq, use)
		}
	}
	return nil, nil
}

// unownedRelease returns the acquire of the lock that op deletes without
// checking the owner, and what proves op a release of it (op, or a call
// of op's helper that hands it the lock key: lockmodel.Unguarded), or nil
// when op is no such release: a delete command, or a script that deletes
// the key on some path without comparing the owner, of a lock key, and
// not the cleanup of a failed acquire. A command of a same-package helper
// is judged at the command, never at the helper's calls.
func unownedRelease(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) (acq, use *lockmodel.Op) {
	if op.Role != rediscall.RoleRelease {
		return nil, nil
	}
	use = m.Unguarded(op, func(u *lockmodel.Op) bool {
		a := m.AcquireFor(u)
		if a == nil || onAcquireError(pass.TypesInfo, a, u) {
			return false
		}
		acq = a
		return true
	})
	if use == nil {
		return nil, nil
	}
	return acq, use
}

func report(pass *analysis.Pass, m *lockmodel.Model, op, acq, use *lockmodel.Op) {
	verb, how := " releases lock key ", " without checking the owner token"
	if op.Kind == rediscall.Script {
		verb, how = " deletes lock key ", " in a script that does not compare the owner token"
	}
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: "bare-del",
		Message: m.CallText(op) + verb + m.KeyTextAt(op, use) + " (acquired by " + m.CallText(acq) + " at " + m.Where(acq.Pos()) + ")" + how +
			": if the lock expired and another client acquired it, this deletes their lock; release with " + ownerfix.RemedyKind(op, false),
		Related: []analysis.RelatedInformation{{Pos: acq.Pos(), End: acq.Expr.End(), Message: "lock acquired here"}},
	}
	if op.Kind == rediscall.Delete && op.Command != "GETDEL" { // GETDEL's reply is the value: no Release in its place
		tok, in := m.TokenOf(acq)
		if fix, ok := ownerfix.Fix(pass, m.Env, ownerfix.Spec{Op: op, Token: tok, TokenIn: in}); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	d.Related = append(d.Related, m.UseRelated(op, use)...)
	m.Report(pass, d)
}

// onAcquireError reports whether op runs only when the acquire in the same
// function returned an error: it is inside the body of an if whose
// condition uses the acquire's error variable. Cleaning up after a failed
// (possibly half-applied) acquire is not a release of someone's lock.
func onAcquireError(info *types.Info, acq, op *lockmodel.Op) bool {
	if acq.Func != op.Func || !lockmodel.Before(acq, op) {
		return false
	}
	errVar, from := acquireErr(info, acq)
	if errVar == nil {
		return false
	}
	for i, n := range op.Stack {
		ifs, ok := n.(*ast.IfStmt)
		if ok && i+1 < len(op.Stack) && op.Stack[i+1] == ifs.Body && analysisutil.Uses(info, ifs.Cond, errVar) {
			return !assignedBetween(info, acq.Func.Decl.Body, errVar, from, ifs.Pos())
		}
	}
	return false
}

// assignedBetween reports whether v is assigned in body between from and
// to: an error variable reused by a later call (transaction, err :=
// repo.Get(...)) holds that call's error at the if, not the acquire's.
func assignedBetween(info *types.Info, body *ast.BlockStmt, v *types.Var, from, to token.Pos) bool {
	return analysisutil.Find(body, func(n ast.Node) (bool, bool) {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Pos() < from || as.Pos() >= to {
			return false, true
		}
		return slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool { return analysisutil.VarOf(info, l) == v }), true
	})
}

// acquireErr returns the error variable the acquire's result is assigned
// to (ok, err := c.SetNX(...).Result(); err := c.SetArgs(...).Err()), and
// where that assignment ends. A command held in a local first (cmd :=
// c.SetNX(...); ok, err := cmd.Result()) has its error where it is read,
// also when a function reads it (ok, err := result(cmd)), as a command
// read where it is sent has its error from any call it is passed to.
func acquireErr(info *types.Info, acq *lockmodel.Op) (*types.Var, token.Pos) {
	if acq.Reply.Held == nil {
		if v := stackErr(info, acq); v != nil {
			return v, acq.Expr.End()
		}
	}
	lhs, as := heldRead(info, acq)
	if len(lhs) == 0 {
		return nil, token.NoPos
	}
	v := analysisutil.VarOf(info, lhs[len(lhs)-1])
	if v == nil || !analysisutil.IsError(v.Type()) {
		return nil, token.NoPos
	}
	return v, as.End()
}

// heldRead returns the targets of the assignment that reads the held
// command acq, and the assignment: the reply assigned (ok, err :=
// cmd.Result()) or passed to the one call on its right (ok, err :=
// result(cmd.Result()), or ok, err := result(cmd) for a command a
// wrapper returned); nil when it is read otherwise.
func heldRead(info *types.Info, acq *lockmodel.Op) ([]ast.Expr, *ast.AssignStmt) {
	u := acq.Reply
	if u.Held == nil {
		if u.Consumer != replyuse.Assigned || len(u.Lhs) != 1 {
			return nil, nil
		}
		v := analysisutil.VarOf(info, u.Lhs[0])
		if v == nil || analysisutil.IsError(v.Type()) {
			return nil, nil
		}
		return readBy(acq.Func.Decl.Body, func(arg ast.Expr) bool { return analysisutil.VarOf(info, arg) == v })
	}
	if as, ok := u.Parent.(*ast.AssignStmt); ok && u.Consumer == replyuse.Assigned {
		return u.Lhs, as
	}
	call, ok := u.Parent.(*ast.CallExpr)
	if !ok || !slices.Contains(call.Args, u.Reply) {
		return nil, nil
	}
	return readBy(acq.Func.Decl.Body, func(arg ast.Expr) bool { return arg == u.Reply })
}

// readBy returns the targets of the first assignment in body whose one
// value is a call with an argument for which isReply holds, and the
// assignment.
func readBy(body *ast.BlockStmt, isReply func(ast.Expr) bool) ([]ast.Expr, *ast.AssignStmt) {
	var read *ast.AssignStmt
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return read == nil
		}
		if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && slices.ContainsFunc(call.Args, isReply) {
			read = as
		}
		return read == nil
	})
	if read == nil {
		return nil, nil
	}
	return read.Lhs, read
}

// stackErr is acquireErr for a command read where it is sent.
func stackErr(info *types.Info, acq *lockmodel.Op) *types.Var {
	for i := len(acq.Stack) - 1; i >= 0; i-- {
		as, ok := acq.Stack[i].(*ast.AssignStmt)
		if !ok {
			continue
		}
		last, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
		if !ok {
			return nil
		}
		obj := info.ObjectOf(last)
		v, ok := obj.(*types.Var)
		if !ok || !analysisutil.IsError(v.Type()) {
			return nil
		}
		return v
	}
	return nil
}
