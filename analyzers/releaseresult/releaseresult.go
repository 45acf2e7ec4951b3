package releaseresult

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/luascript"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of releaseresult's diagnostics.
var Categories = []string{"unchecked-release"}

// Analyzer reports owner-checked releases and renewals whose answer is
// dropped. It belongs to the default analyzer set, whose model is
// lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("releaseresult", doc, Categories, run)

// run reports every owner-checked release or renewal whose "not the
// owner" answer is dropped. Tests release what they obtained a line
// earlier, with no other client: a dropped answer there is not a lost
// lock going unnoticed (bsm/redislock's own tests defer Release).
func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	for _, op := range m.Ops {
		if op.Func.Test {
			continue
		}
		ans := answerOf(op)
		if ans == noAnswer {
			continue
		}
		use, loop := replyUse(pass.TypesInfo, op), ast.Node(nil)
		if use == blank && op.Role == rediscall.RoleRenew {
			if loop = renewalLoop(pass.TypesInfo, op.Stack); loop != nil {
				use = blankInLoop
			}
		}
		if drops(ans, use) {
			report(pass, m, op, ans, use, loop)
		}
	}
	return nil, nil
}

// An answer is how an owner-checked command says "not the owner".
type answer int

const (
	noAnswer  answer = iota
	zeroReply        // the script replies 0
	nilReply         // the script replies nil (redis.Nil, an error in go-redis)
	errReply         // the script replies an error (redis.error_reply, error())
	anyReply         // the script replies something that is not a literal
	errResult        // the call returns an error (safelock, bsm/redislock)
	okResult         // the call returns (ok bool, err error) (redsync)
)

// scriptAnswers says how a script's reply on the path where the owner
// check failed reaches go-redis.
var scriptAnswers = map[luascript.Reply]answer{
	luascript.ReplyInteger: zeroReply, // 0 or -1: a value, not an error
	luascript.ReplyNil:     nilReply,  // redis.Nil: checking the error sees it
	luascript.ReplyError:   errReply,  // an error: checking the error sees it
	luascript.ReplyUnknown: anyReply,  // not known: only a dropped reply is sure to lose it
}

// answerOf says how op reports an owner mismatch, or noAnswer when op is
// not an owner-checked release or renewal this analyzer judges. A script
// is judged by its Lua: what it replies where the owner check fails.
func answerOf(op *lockmodel.Op) answer {
	switch op.Kind {
	case rediscall.Script, rediscall.CondDelete, rediscall.CondSet:
		if op.Queued || !op.OwnerChecked {
			return noAnswer
		}
		if op.Via != nil {
			return passedAnswer(op)
		}
		switch {
		case op.Kind == rediscall.CondDelete:
			return zeroReply // DELEX key IFEQ token, DELIFEQ: 0 when the value differs
		case op.Kind == rediscall.CondSet:
			return nilReply // SET key v IFEQ token: nil when the value differs
		case op.Lua != nil:
			return scriptAnswers[op.Lua.MismatchReply()]
		}
	case rediscall.LockRelease, rediscall.LockRefresh:
		switch {
		case op.Via != nil && op.Via.AnswerTo < 0:
			return noAnswer // the wrapper read the answer itself, or dropped it, and is judged where it is
		case op.Via != nil && op.Via.Mismatch == luascript.ReplyError:
			return errResult // the library's error, or one the wrapper returns when ok is false
		case op.OKResult:
			return okResult // go-zero RedisLock.Release, redsync before v4.7.0: (false, nil) when not the owner
		case op.Library == "safelock" || op.Library == "redislock" || op.Library == "redsync":
			return errResult
		}
	}
	return noAnswer
}

// passedAnswer says how a call of a wrapper tells its caller that the
// wrapper's owner-checked command found another owner: through the
// result its summary says carries the command's answer, as that result
// holds it (the reply's 0, or an error the wrapper returns in its
// place); noAnswer when no result carries it (the wrapper read the
// answer itself, or dropped it, and is judged where it is). A script the
// caller passes is judged by its own source.
func passedAnswer(op *lockmodel.Op) answer {
	switch {
	case op.Via.AnswerTo < 0 && lostInWrapper(op):
		return scriptAnswers[op.Lua.MismatchReply()]
	case op.Via.AnswerTo < 0:
		return noAnswer
	case op.Via.Mismatch == luascript.ReplyError:
		return errResult
	case op.Lua != nil:
		return scriptAnswers[op.Lua.MismatchReply()]
	}
	return scriptAnswers[op.Via.Mismatch]
}

// lostInWrapper reports whether op is the call of a wrapper of another
// package that runs the script its caller passes and loses the reply
// itself (drops it, or reads only its error): the wrapper's package
// cannot know the script, so the bug is judged here, at the call, by the
// script the call passes.
func lostInWrapper(op *lockmodel.Op) bool {
	return op.Via.Script >= 0 && op.Via.Kept != lockmodel.KeptUnknown && op.Lua != nil
}

func report(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, ans answer, use replyUsage, loop ast.Node) {
	d := analysis.Diagnostic{
		Pos:      op.Pos(),
		End:      op.Expr.End(),
		Category: "unchecked-release",
		Message:  message(m, op, ans, use),
	}
	if loop != nil {
		d.Message = loopMessage(op, ans, m.Where(loop.Pos()))
		d.Related = []analysis.RelatedInformation{{Pos: loop.Pos(), Message: "the renewal loop"}}
	}
	if fix, ok := notOwnerFix(pass, op, ans, use); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	m.Report(pass, d)
}

// drops reports whether a use loses the answer.
func drops(ans answer, use replyUsage) bool {
	switch use {
	case statement, deferred, goStmt, blankInLoop:
		return true
	case errOnly, errMethod:
		return ans == zeroReply || ans == okResult // a nil or error reply is an error: checked
	case neverEqual:
		return ans == zeroReply
	}
	return false // used, or discarded on purpose with _ =
}

// A replyUsage is this rule's reading of a replyuse.Use: the consumer,
// refined by the two readings of an assigned reply that lose a "not the
// owner" answer as surely as dropping it. Its values key the messages.
type replyUsage int

const (
	used        replyUsage = iota // the answer flows on
	statement                     // the call is an expression statement
	deferred                      // defer call(...)
	goStmt                        // go call(...)
	errOnly                       // _, err := call(...) or _, err := call(...).Result()
	errMethod                     // call(...).Err(): only the command's error
	blank                         // _ = call(...): a visible decision
	blankInLoop                   // _ = renew(...) in a renewal loop: the loop's only sign of a lost lock, thrown away
	neverEqual                    // res, err := call(...).Result(); res == 0: an interface never equals an untyped int
)

// replyUse reads op's reply use (replyuse's vocabulary) for this rule: how
// its answer is consumed, with two readings of an assigned reply that lose
// a "not the owner" answer as surely as dropping it (only type-asserted,
// only compared as an interface).
func replyUse(info *types.Info, op *lockmodel.Op) replyUsage {
	u := op.Reply
	if op.Via != nil && op.Via.AnswerTo < 0 {
		switch op.Via.Kept {
		case lockmodel.KeptNothing:
			return statement
		case lockmodel.KeptError:
			return errOnly
		}
	}
	if u.ErrOnly != "" {
		return errMethod
	}
	switch u.Consumer {
	case replyuse.Dropped:
		return statement
	case replyuse.Deferred:
		return deferred
	case replyuse.Go:
		return goStmt
	case replyuse.Blank:
		return blank
	case replyuse.Assigned:
		return assignedUse(info, op.Stack[0], u)
	}
	return used
}

// assignedUse reads an assignment of the answer to variables.
func assignedUse(info *types.Info, fn ast.Node, u replyuse.Use) replyUsage {
	switch {
	case u.ErrorSideOnly():
		return errOnly
	case len(u.Lhs) == 2 && onlyTypeAsserted(info, fn, u.Lhs[0]):
		return errOnly
	case onlyComparedAsInterface(info, fn, u.Lhs[0]):
		return neverEqual
	}
	return used
}

// onlyTypeAsserted reports whether the variable lhs, assigned a reply, is
// read only by `_, ok := lhs.(T)`: the reply's type is checked but never
// its value, so a 0 (not the owner) goes unnoticed as with `_, err :=`.
// Any other read, or a later assignment, counts as using the reply.
func onlyTypeAsserted(info *types.Info, fn ast.Node, lhs ast.Expr) bool {
	id, ok := lhs.(*ast.Ident)
	if !ok || analysisutil.IsBlank(id) || info.ObjectOf(id) == nil {
		return false
	}
	v := info.ObjectOf(id)
	asserted := blankTypeAsserts(info, fn, v)
	reads, others := 0, 0
	ast.Inspect(fn, func(n ast.Node) bool {
		use, ok := n.(*ast.Ident)
		if !ok || use == id || info.Uses[use] != v {
			return true
		}
		if asserted[use] {
			reads++
		} else {
			others++
		}
		return true
	})
	return reads > 0 && others == 0
}

// onlyComparedAsInterface reports whether the variable lhs, an interface
// assigned a reply (res, err := c.Eval(...).Result()), is read only by ==
// comparisons with an integer constant that is not an int64. The constant converts to
// int, the reply holds an int64, so `res == 0` is never true and the "not
// the owner" answer is never seen. A != comparison is true for every reply
// and does see it (too often, but not never).
func onlyComparedAsInterface(info *types.Info, fn ast.Node, lhs ast.Expr) bool {
	id, ok := lhs.(*ast.Ident)
	if !ok || analysisutil.IsBlank(id) || info.ObjectOf(id) == nil || !types.IsInterface(info.ObjectOf(id).Type()) {
		return false
	}
	v := info.ObjectOf(id)
	compared, others := 0, 0
	ast.Inspect(fn, func(n ast.Node) bool {
		if be, ok := n.(*ast.BinaryExpr); ok && be.Op == token.EQL {
			for _, side := range [2][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
				if x, ok := ast.Unparen(side[0]).(*ast.Ident); ok && info.Uses[x] == v && isNonInt64Const(info, side[1]) {
					compared++
					return false
				}
			}
		}
		if use, ok := n.(*ast.Ident); ok && use != id && info.Uses[use] == v {
			others++
		}
		return true
	})
	return compared > 0 && others == 0
}

// isNonInt64Const reports whether e is an integer constant whose type, once
// compared with an interface, is not int64 (0 becomes an int): Redis
// clients hand integer replies over as int64, and an interface holding an
// int64 equals no int.
func isNonInt64Const(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && tv.Type != nil && !types.Identical(tv.Type, types.Typ[types.Int64])
}

// blankTypeAsserts returns the uses of v that are X in `_, ok := X.(T)`
// or `_, ok = X.(T)`.
func blankTypeAsserts(info *types.Info, fn ast.Node, v types.Object) map[*ast.Ident]bool {
	out := map[*ast.Ident]bool{}
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || !analysisutil.IsBlank(as.Lhs[0]) {
			return true
		}
		ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil {
			return true
		}
		if x, ok := ast.Unparen(ta.X).(*ast.Ident); ok && info.Uses[x] == v {
			out[x] = true
		}
		return true
	})
	return out
}
