package lockmodel

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/luascript"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
)

// A command's answer is how it tells its caller that the lock is not
// there: an acquire's "not acquired" (SetNX's false, SET NX's redis.Nil),
// an owner-checked release's or renewal's "not the owner" (a compare
// script's 0, SET IFEQ's nil). A wrapper passes the answer on to its
// callers when one of its results carries it: the reply itself, the value
// or error read from it (through locals), or an error or bool the wrapper
// returns when it sees the answer (if !ok { return ErrLocked }). Only
// then is a caller that drops the wrapper's result dropping the answer;
// a *Task, a report or no result at all carries nothing. The summary
// records which result it is (SummaryOp.AnswerTo), computed here once,
// in the wrapper, for every rule that judges the answer at the callers.

// An answerSide is the part of a reply that holds the answer.
type answerSide uint8

const (
	noSide    answerSide = iota
	valueSide            // the reply's value: SetNX's bool, a script's 0
	errorSide            // the reply's error: redis.Nil, a lock library's error
)

// sideOf says which part of op's reply holds its answer in fn, and what
// a result carrying it should record: for an acquire, how it says "not
// acquired"; for an owner-checked script, what it replies when the owner
// check fails.
func sideOf(op *Op) (answerSide, rediscall.Answer, luascript.Reply) {
	if op.Via != nil {
		if op.Via.AnswerTo < 0 {
			return noSide, rediscall.NoAnswer, 0
		}
		mismatch := op.Via.Mismatch
		if op.Via.Script >= 0 && op.Lua != nil && op.OwnerChecked {
			mismatch = op.Lua.MismatchReply() // the script this call passes the wrapper
		}
		side := valueSide
		if op.Via.Answer == rediscall.ErrorAnswer || mismatch == luascript.ReplyNil || mismatch == luascript.ReplyError {
			side = errorSide
		}
		return side, op.Via.Answer, mismatch
	}
	switch {
	case op.Role == rediscall.RoleAcquire && op.Kind == rediscall.Acquire:
		ans := rediscall.NotAcquiredRead(op.Call, op.Reply.Converted)
		if ans == rediscall.ErrorAnswer {
			return errorSide, ans, 0
		}
		return valueSide, ans, 0
	case op.Kind == rediscall.KindOther && op.Options != nil:
		// Options its callers pass (SetArgs, gredis's Set): an acquire
		// when they say NX, answering as that call would.
		if op.Client == rediscall.GoFrame {
			return valueSide, rediscall.ValueAnswer, 0 // a nil *gvar.Var
		}
		return errorSide, rediscall.ErrorAnswer, 0 // redis.Nil
	case op.Kind == rediscall.LockObtain:
		ans := rediscall.NotAcquired(op.Call)
		if ans == rediscall.ErrorAnswer {
			return errorSide, ans, 0
		}
		return valueSide, ans, 0
	case op.Kind == rediscall.LockRelease || op.Kind == rediscall.LockRefresh:
		if op.OKResult {
			return valueSide, rediscall.NoAnswer, luascript.ReplyInteger // go-zero's (false, nil)
		}
		return errorSide, rediscall.NoAnswer, luascript.ReplyError // safelock, bsm/redislock, redsync: an error
	case op.Kind == rediscall.Script && op.Lua == nil && op.Script != nil:
		// A script its callers pass (func EvalSha(sha string, ...)):
		// they know what it replies; the reply is what the wrapper hands
		// them, if it does.
		return valueSide, rediscall.NoAnswer, luascript.ReplyUnknown
	case !op.OwnerChecked || (op.Role != rediscall.RoleRelease && op.Role != rediscall.RoleRenew):
		return noSide, rediscall.NoAnswer, 0
	case op.Kind == rediscall.CondDelete:
		return valueSide, rediscall.NoAnswer, luascript.ReplyInteger // DELEX IFEQ: 0 when the value differs
	case op.Kind == rediscall.CondSet:
		return errorSide, rediscall.NoAnswer, luascript.ReplyNil // SET IFEQ: nil when the value differs
	case op.Kind == rediscall.Script && op.Lua != nil:
		r := op.Lua.MismatchReply()
		if r == luascript.ReplyNil || r == luascript.ReplyError {
			return errorSide, rediscall.NoAnswer, r
		}
		return valueSide, rediscall.NoAnswer, r
	}
	return noSide, rediscall.NoAnswer, 0
}

// setAnswerTo records in s which of fn's results carries op's answer to
// fn's callers (see answerTo), and how that result tells it.
func (m *Model) setAnswerTo(s *SummaryOp, fn *Func, op *Op, ops []*Op) {
	s.AnswerTo = -1
	if op.Via != nil && op.Via.AnswerTo < 0 {
		s.Kept, s.Answer, s.Mismatch = op.Via.Kept, op.Via.Answer, op.Via.Mismatch // lost in the wrapper fn calls
		return
	}
	side, ans, mismatch := sideOf(op)
	if side == noSide {
		return
	}
	i, whole, records := m.answerTo(fn, op, side, ops)
	if i < 0 {
		s.Kept = keptOf(op)
		if s.Kept != KeptUnknown {
			s.Answer, s.Mismatch = ans, mismatch
		}
		return
	}
	s.AnswerTo, s.Answer, s.Mismatch, s.Records = i, ans, mismatch, records
	if whole {
		return // the reply itself, or a value read from it: it says what it said
	}
	isErr := analysisutil.IsError(fn.Obj.Signature().Results().At(i).Type())
	switch {
	case ans == rediscall.NoAnswer && isErr:
		s.Mismatch = luascript.ReplyError
	case isErr:
		s.Answer = rediscall.ErrorAnswer
	case ans != rediscall.NoAnswer:
		s.Answer = rediscall.ValueAnswer
	}
}

// keptOf says what op's function reads of its reply when it hands the
// answer to no caller: nothing when it drops it, only the error when it
// reads nothing else; KeptUnknown for any other reading. Of a wrapper's
// call that hands the answer on, only the error is the error beside the
// result that carries it (_, err := wrap(...)) or of it
// (wrap(...).Err()), unless that result is an error the wrapper returns
// on a failed check.
func keptOf(op *Op) Kept {
	u := op.Reply // of a reply held in a local, its later read
	switch {
	case u.Dropped():
		return KeptNothing
	case op.Via != nil && viaErrorOnly(op):
		return KeptError
	case op.Via != nil:
		return KeptUnknown
	case u.ErrOnly != "" && (u.Consumer == replyuse.Dropped || u.Consumer == replyuse.Returned || u.Consumer == replyuse.Assigned):
		return KeptError
	case u.ErrorSideOnly():
		return KeptError
	}
	return KeptUnknown
}

// viaErrorOnly reports whether op, the call of a wrapper whose result
// AnswerTo carries the answer as a value, is read only for an error:
// the one beside that result, or the one a reader of it returns.
func viaErrorOnly(op *Op) bool {
	if op.Via.AnswerTo < 0 || op.Via.Mismatch == luascript.ReplyError || op.Via.Answer == rediscall.ErrorAnswer {
		return false
	}
	u := op.Reply
	switch {
	case u.ErrorSideOnly():
		return op.Via.AnswerTo == 0
	case u.ErrOnly != "":
		return u.Consumer == replyuse.Dropped || u.Consumer == replyuse.Returned || u.Consumer == replyuse.Assigned
	}
	return false
}

// answerTo returns the index of fn's result that carries op's answer,
// held in side of its reply, and whether that result is the reply (or a
// value read from it) rather than a result the wrapper sets when it sees
// the answer; -1 when none does. An acquire whose key fn also releases
// passes nothing on: the critical section is fn's own, and its callers
// run after the lock is gone. records says whether fn also keeps the
// answer itself (see recordsAnswer).
func (m *Model) answerTo(fn *Func, op *Op, side answerSide, ops []*Op) (at int, whole, records bool) {
	sig := fn.Obj.Signature()
	if sig.Results().Len() == 0 || inFuncLit(op.Stack) || (op.Role == rediscall.RoleAcquire && releasedAfter(op, ops)) {
		return -1, false, false
	}
	pos, ok := m.replyPos(op, side)
	if !ok {
		return -1, false, false
	}
	u := op.Reply
	switch u.Consumer {
	case replyuse.Returned:
		return returnedAt(u, pos, sig.Results().Len()), true, false
	case replyuse.Assigned:
		if pos < 0 {
			pos = 0
		}
		if pos >= len(u.Lhs) {
			return -1, false, false
		}
		v := analysisutil.VarOf(m.pass.TypesInfo, u.Lhs[pos])
		if v == nil || (side == valueSide && m.onlyErrRead(fn.Decl.Body, v)) {
			return -1, false, false // reply := c.Eval(...) read only by reply.Err(): the value is lost here
		}
		hs := m.holders(fn.Decl.Body, v)
		at, whole := m.flowsTo(fn, hs, nil)
		return at, whole, m.recordsAnswer(fn, hs, nil)
	case replyuse.Read:
		if pos < 0 {
			at, whole := m.flowsTo(fn, nil, u.Reply)
			return at, whole, m.recordsAnswer(fn, nil, u.Reply)
		}
	}
	return -1, false, false
}

// replyPos returns where side of op's reply is in the expression the
// code consumes (op.Reply.Reply): the index in a tuple, -1 for a single
// value; false when the readers the reply went through lost it (only
// .Err() of a value answer).
func (m *Model) replyPos(op *Op, side answerSide) (int, bool) {
	u := op.Reply
	pos := m.callPos(op, side)
	if u.Reply == op.Expr || u.Reply == nil {
		return pos, true
	}
	// Readers and converters: .Err() keeps the error, .Val() the value,
	// .Result() and redis.String(...) both, as (value, error).
	if u.ErrOnly != "" {
		return -1, side == errorSide
	}
	if tuple, ok := m.pass.TypesInfo.TypeOf(u.Reply).(*types.Tuple); ok && tuple.Len() >= 2 {
		if side == errorSide {
			return tuple.Len() - 1, true
		}
		return 0, true
	}
	return -1, side == valueSide
}

// callPos returns where side of op's reply is among the results of the
// call itself (-1: its one result): a go-redis command or a rueidis
// result is one value holding both; redigo's Do and go-zero's methods
// return (value, error); a wrapper's call has its answer where its
// summary says.
func (m *Model) callPos(op *Op, side answerSide) int {
	tuple, ok := m.pass.TypesInfo.TypeOf(op.Expr).(*types.Tuple)
	switch {
	case !ok || tuple.Len() < 2:
		return -1
	case op.Via != nil:
		return op.Via.AnswerTo
	case side == errorSide:
		return tuple.Len() - 1
	}
	return 0
}

// returnedAt returns the result a returned reply lands in: return
// call(...) passes a tuple on position by position; a single value is the
// result it is written in.
func returnedAt(u replyuse.Use, pos, results int) int {
	ret, _ := u.Parent.(*ast.ReturnStmt)
	if ret == nil {
		return -1
	}
	if len(ret.Results) == 1 && results > 1 {
		return pos
	}
	for j, e := range ret.Results {
		if e == u.Reply {
			return j
		}
	}
	return -1
}

// inFuncLit reports whether the call at the top of stack is inside a
// function literal: a return there returns from the literal.
func inFuncLit(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

// releasedAfter reports whether the acquire op's function releases its
// key after it, or in a defer. A lock library's acquire is released by
// any release of a lock library there: its lock object (safelock's, a
// *redislock.Lock) is the acquire's result, not its receiver, so which
// release is its own cannot be told, and a critical section that may be
// fn's own is not handed to its callers.
func releasedAfter(op *Op, ops []*Op) bool {
	if op.Key.ID == "" && op.Kind != rediscall.LockObtain {
		return false
	}
	for _, r := range ops {
		same := r.Key.ID == op.Key.ID && op.Key.ID != ""
		if op.Kind == rediscall.LockObtain {
			same = r.Kind == rediscall.LockRelease
		}
		if r.Role == rediscall.RoleRelease && same && (r.Reply.Consumer == replyuse.Deferred || Before(op, r)) {
			return true
		}
	}
	return false
}

// onlyErrRead reports whether every use of v in body is v.Err(): the
// reply v holds is read for its error only, so its value, where a value
// answer is, reaches no result.
func (m *Model) onlyErrRead(body *ast.BlockStmt, v *types.Var) bool {
	errReads, uses := map[*ast.Ident]bool{}, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Err" && len(n.Args) == 0 {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && m.varOf(id) == v {
					errReads[id] = true
				}
			}
		case *ast.Ident:
			if m.varOf(n) == v {
				uses++
			}
		}
		return true
	})
	return uses > 0 && uses == len(errReads)
}
