package acquireresult

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/types/typeutil"
)

// A usage is this rule's reading of a replyuse.Use: where an acquire's
// value and error go, the variables its judgement then follows through the
// function body.
type usage struct {
	discarded bool       // a statement, defer, go, or assigned to _ only
	returned  bool       // returned to the caller as it is
	errMethod bool       // only .Err() is taken
	converted bool       // through a redigo reply converter (redis.String(...))
	value     *types.Var // the variable holding the answer's value, if any
	valueUsed bool       // the value flows on (a field, an argument, a condition)
	err       *types.Var // the variable holding the error, if any
	errUsed   bool       // the error flows on other than into a variable
}

// usageOf reads an acquire's reply use (replyuse's vocabulary) for this
// rule: where its value and error go. at is the position of the answer
// in the tuple a wrapper returns (-1 for a client call), ans how it tells.
func usageOf(info *types.Info, r replyuse.Use, at int, ans rediscall.Answer) usage {
	u := usage{errMethod: r.ErrOnly != "", converted: r.Converted}
	switch r.Consumer {
	case replyuse.Dropped, replyuse.Deferred, replyuse.Go:
		u.discarded = true
	case replyuse.Returned:
		u.returned = true
	case replyuse.Assigned, replyuse.Blank:
		assign(info, &u, r.Lhs, at, ans)
	default:
		u.valueUsed, u.errUsed = true, true
	}
	return u
}

// assign records the variables an assignment puts the answer in.
func assign(info *types.Info, u *usage, lhs []ast.Expr, at int, ans rediscall.Answer) {
	var valueSide, errSide ast.Expr
	switch {
	case at >= 0 && at < len(lhs) && len(lhs) >= 2:
		// A wrapper's answer is where its summary says: the other side
		// is the error (or, for an error answer, the value) the message
		// names.
		valueSide, errSide = lhs[at], lhs[len(lhs)-1]
		if ans == rediscall.ErrorAnswer {
			valueSide, errSide = lhs[0], lhs[at]
		}
	case len(lhs) >= 2:
		// (ok, err), and (ctx, cancel, err) of rueidislock: the error
		// comes last.
		valueSide, errSide = lhs[0], lhs[len(lhs)-1]
	case u.errMethod, ans == rediscall.ErrorAnswer && at >= 0:
		errSide = lhs[0]
	default:
		valueSide = lhs[0]
	}
	if analysisutil.IsBlank(valueSide) && (errSide == nil || analysisutil.IsBlank(errSide)) {
		u.discarded = true
		return
	}
	u.value, u.valueUsed = sideVar(info, valueSide)
	u.err, u.errUsed = sideVar(info, errSide)
}

// sideVar returns the local variable one side of an assignment names, or
// reports that the value goes somewhere else (a field, an index) and so
// flows on.
func sideVar(info *types.Info, e ast.Expr) (*types.Var, bool) {
	if e == nil || analysisutil.IsBlank(e) {
		return nil, false
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, true
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v, v == nil
}

// judge returns why an acquire's answer is lost under usage u, or "".
// The answer's variables count as read where a read still sees the
// acquire's value, not after a later call reused them.
func judge(info *types.Info, op *lockmodel.Op, ans rediscall.Answer, u usage) string {
	sig := op.Func.Obj.Signature()
	switch {
	case u.discarded:
		return "its result is discarded"
	case u.returned && !(u.errMethod && ans == rediscall.ValueAnswer):
		return "" // the caller is judged
	case u.errMethod && ans == rediscall.ValueAnswer:
		return "only .Err() is checked, and it is nil when another client holds the lock"
	case u.valueUsed || (u.value != nil && reads(info, op, u.value, sig)):
		return ""
	case ans == rediscall.ValueAnswer && u.value != nil:
		return u.value.Name() + " is never read"
	case ans == rediscall.ValueAnswer:
		return "only the error is read, and it is nil when another client holds the lock"
	case u.errUsed:
		return ""
	case u.err == nil || !reads(info, op, u.err, sig):
		return "neither the reply nor the error is read"
	case excludesNil(info, op.Func.Decl.Body, reachOf(info, op, u.err)):
		return u.err.Name() + " is read only to let " + rediscall.NilName(op.Client) + " (the lock is held) through as success"
	}
	return ""
}

// reads reports whether v is read where it still holds the acquire's
// answer. A named result is read by the return that hands it to the
// caller.
func reads(info *types.Info, op *lockmodel.Op, v *types.Var, sig *types.Signature) bool {
	for r := range sig.Results().Variables() {
		if r == v {
			return true
		}
	}
	r := reachOf(info, op, v)
	if !r.whole {
		return len(r.reads) > 0
	}
	body := op.Func.Decl.Body
	return analysisutil.Find(body, func(n ast.Node) (bool, bool) {
		id, ok := n.(*ast.Ident)
		return ok && info.Uses[id] == v && !assignedOnly(body, id), true
	})
}

// assignedOnly reports whether id appears only as the target of an
// assignment (ok, err = ...), which is not a read.
func assignedOnly(body *ast.BlockStmt, id *ast.Ident) bool {
	return analysisutil.Find(body, func(n ast.Node) (bool, bool) {
		as, ok := n.(*ast.AssignStmt)
		return ok && as.Tok == token.ASSIGN && slices.Contains(as.Lhs, ast.Expr(id)), true
	})
}

// excludesNil reports whether the error of the acquire, in the reads r
// holds, is compared with the client's "key not set" sentinel (redis.Nil,
// redigo's ErrNil) only to let it through (err != redis.Nil,
// !errors.Is(err, redis.Nil)) and never to act on it (err == redis.Nil,
// errors.Is(err, redis.Nil), case redis.Nil): the held lock is then
// taken for success.
func excludesNil(info *types.Info, body *ast.BlockStmt, r *reach) bool {
	negative, positive := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if r.isRead(n.X) && isNilSentinel(info, n.Y) || r.isRead(n.Y) && isNilSentinel(info, n.X) {
				negative = negative || n.Op == token.NEQ
				positive = positive || n.Op == token.EQL
			}
		case *ast.UnaryExpr:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && n.Op == token.NOT && isErrorsIsNil(info, call, r) {
				negative = true
				return false
			}
		case *ast.CallExpr:
			positive = positive || isErrorsIsNil(info, n, r)
		case *ast.CaseClause:
			for _, e := range n.List {
				positive = positive || isNilSentinel(info, e)
			}
		}
		return true
	})
	return negative && !positive
}

// isErrorsIsNil reports whether call is errors.Is(err, sentinel) on a
// read of the acquire's error.
func isErrorsIsNil(info *types.Info, call *ast.CallExpr, r *reach) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "Is" || len(call.Args) != 2 {
		return false
	}
	return r.isRead(call.Args[0]) && isNilSentinel(info, call.Args[1])
}

// isNilSentinel reports whether e is a client's "no reply" error:
// go-redis's Nil, redigo's ErrNil.
func isNilSentinel(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && rediscall.IsNilSentinel(info.Uses[sel.Sel])
}
