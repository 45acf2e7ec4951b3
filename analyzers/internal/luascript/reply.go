package luascript

import (
	"github.com/leasevet/leasevet/analyzers/internal/luascript/scriptexpr"
	"github.com/yuin/gopher-lua/ast"
)

// Reply is what a script answers on a path, as a Redis client sees it.
// Which one a release answers when the lock is no longer ours decides
// whether checking only the client's error notices it.
type Reply int

const (
	// ReplyUnknown: not a literal (a command's reply, a variable, a
	// string), or the script has no path where an owner check failed.
	ReplyUnknown Reply = iota
	// ReplyNil: nil, false, or no return value. go-redis turns it into
	// the error redis.Nil.
	ReplyNil
	// ReplyError: redis.error_reply, {err = ...} or error(). Every client
	// returns it as an error.
	ReplyError
	// ReplyInteger: a number or true. An integer reply, not an error.
	ReplyInteger
)

func (r Reply) String() string {
	switch r {
	case ReplyNil:
		return "nil"
	case ReplyError:
		return "error"
	case ReplyInteger:
		return "integer"
	}
	return "unknown"
}

// MismatchReply says what the script replies on the paths where an owner
// check failed (a value read from a key was found different from the
// ARGV token, or a HEXISTS of it was 0) or a key was seen absent, the
// answers of a release or renewal when the lock is no longer ours:
// ReplyInteger when some such path
// answers an integer (the usual `return 0`), since checking only the error
// then misses it; otherwise ReplyUnknown when some path answers something
// else; ReplyNil when every one answers nil or an error (both reach
// go-redis as errors), ReplyError when every one answers an error.
func (s *Script) MismatchReply() Reply {
	if s == nil || len(s.mismatch) == 0 {
		return ReplyUnknown
	}
	seen := map[Reply]bool{}
	for _, r := range s.mismatch {
		seen[r] = true
	}
	for _, r := range []Reply{ReplyInteger, ReplyUnknown, ReplyNil} {
		if seen[r] {
			return r
		}
	}
	return ReplyError
}

// replyPath is one way through a returned expression's and/or operators:
// the facts that hold on it, the reply, and whether the value is true in
// Lua (which decides where and/or go next).
type replyPath struct {
	facts  facts
	reply  Reply
	truthy bool
}

// replyPaths returns the reply of e on each way through it. The value of
// `a and b` is a when a is false, else b; of `a or b`, a when a is true,
// else b: so `return get(k) == ARGV[1] and redis.call('del', k) or 0`
// replies 0 when the compare fails.
func replyPaths(e ast.Expr, f facts, sc *scriptexpr.Scope) []replyPath {
	l, ok := e.(*ast.LogicalOpExpr)
	if !ok || (l.Operator != "and" && l.Operator != "or") {
		return leafPaths(e, f, sc)
	}
	var out []replyPath
	for _, p := range replyPaths(l.Lhs, f, sc) {
		if p.truthy == (l.Operator == "or") {
			out = append(out, p) // the left operand is the value
			continue
		}
		out = append(out, replyPaths(l.Rhs, p.facts, sc)...)
		if len(out) > maxReplyPaths {
			// Nested and/or multiply the ways through; past a size no
			// real script reaches, say only that the reply is unknown.
			return []replyPath{{f, ReplyUnknown, true}}
		}
	}
	return out
}

// maxReplyPaths bounds the ways through one returned expression.
const maxReplyPaths = 64

// leafPaths splits an operand of and/or by its truth. A comparison is true
// (the integer reply 1) or false (nil); an unknown value that is false is
// nil or false, a nil reply either way.
func leafPaths(e ast.Expr, f facts, sc *scriptexpr.Scope) []replyPath {
	t, fl := condFacts(e, sc)
	switch r := replyOf(e); {
	case scriptexpr.IsBoolean(e):
		return []replyPath{{union(f, t), ReplyInteger, true}, {union(f, fl), ReplyNil, false}}
	case r == ReplyNil:
		return []replyPath{{f, r, false}}
	case r != ReplyUnknown || scriptexpr.IsTableOrString(e):
		return []replyPath{{f, r, true}} // numbers, strings and tables are true in Lua
	}
	return []replyPath{{union(f, t), ReplyUnknown, true}, {union(f, fl), ReplyNil, false}}
}

// replyOf returns the reply a returned literal becomes.
func replyOf(e ast.Expr) Reply {
	switch e := e.(type) {
	case *ast.NilExpr, *ast.FalseExpr:
		return ReplyNil
	case *ast.TrueExpr, *ast.NumberExpr:
		return ReplyInteger
	case *ast.UnaryMinusOpExpr:
		if _, ok := e.Expr.(*ast.NumberExpr); ok {
			return ReplyInteger
		}
	case *ast.FuncCallExpr:
		if e.Receiver == nil && scriptexpr.IsQualified(e.Func, "redis", "error_reply") {
			return ReplyError
		}
	case *ast.TableExpr:
		if isErrorTable(e) {
			return ReplyError
		}
	}
	return ReplyUnknown
}

// isErrorTable reports {err = "..."}, the table form of an error reply.
func isErrorTable(t *ast.TableExpr) bool {
	if len(t.Fields) != 1 || t.Fields[0] == nil {
		return false
	}
	k, ok := t.Fields[0].Key.(*ast.StringExpr)
	return ok && k.Value == "err"
}

// exitReturn records the replies of a return statement on the paths where
// an owner check failed.
func (w *walker) exitReturn(f facts, exprs []ast.Expr, sc *scriptexpr.Scope) {
	if len(exprs) == 0 {
		w.exit(f, ReplyNil)
		return
	}
	for _, p := range replyPaths(exprs[0], f, sc) {
		w.exit(p.facts, p.reply)
	}
}

// exit records reply r of a way out of the script with facts f, when an
// owner check failed on the way or the script saw KEYS[1] absent: for a
// release either means the lock is no longer ours. (Another key seen
// absent may be a side key, such as Redisson's latch.) Returns from
// function literals are not ways out of the script.
func (w *walker) exit(f facts, r Reply) {
	if w.funcs == 0 && (has(f, ownerMismatch, "") || has(f, keyAbsent, scriptexpr.KeyID(1))) {
		w.mismatch = append(w.mismatch, r)
	}
}
