package scriptexpr

import (
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// valueReads are the commands whose reply is the value stored at the key,
// so that comparing it with the caller's token is an owner check. Each row
// says where the shape comes from.
var valueReads = map[string]bool{
	"get":      true, // the canonical compare-then-del of redis.io
	"getex":    true, // GET that may also touch the TTL
	"getrange": true, // bsm/redislock obtain compares a token prefix
	"hget":     true, // owner stored in a hash field
}

// memberReads reply 1 when the token is present at the key: Redisson keeps
// the owner as a hash field, a set member works the same way.
var memberReads = map[string]bool{
	"hexists":   true,
	"sismember": true,
}

// ReadOf returns the key identity whose value e is: a value read of a key,
// directly or through a local.
func ReadOf(e ast.Expr, sc *Scope) (id string, ok bool) {
	if b := sc.BindingOf(e); b != nil && b.Kind == ReadVal {
		return b.Key, true
	}
	if arg, ok := tostringArg(e); ok {
		return ReadOf(arg, sc)
	}
	call, cmd, ok := RedisCall(e)
	if !ok || !valueReads[cmd] || len(call.Args) < 2 {
		return "", false
	}
	id, _ = KeyOf(call.Args[1], sc)
	return id, id != ""
}

// tostringArg returns x of tostring(x), which scripts use to compare a
// reply with a string token.
func tostringArg(e ast.Expr) (ast.Expr, bool) {
	call, ok := e.(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) != 1 || !IsIdent(call.Func, "tostring") {
		return nil, false
	}
	return call.Args[0], true
}

// MemberOf returns the key and ARGV index of a membership test of the token,
// directly or through a local.
func MemberOf(e ast.Expr, sc *Scope) (id string, token int, ok bool) {
	if b := sc.BindingOf(e); b != nil && b.Kind == MemberVal {
		return b.Key, b.Token, true
	}
	call, cmd, ok := RedisCall(e)
	if !ok || !memberReads[cmd] || len(call.Args) < 3 {
		return "", 0, false
	}
	id, _ = KeyOf(call.Args[1], sc)
	token = TokenOf(call.Args[2], sc)
	return id, token, id != "" && token > 0
}

// keysToken is added to the KEYS index of a token passed as a key, so
// that it cannot be taken for an ARGV index.
const keysToken = 1000

// TokenOf returns the 1-based ARGV index e stands for (keysToken+j for
// KEYS[j], j > 1), or 0. A prefix of an
// ARGV element (string.sub) counts, because bsm/redislock compares the token
// part of a token+metadata value that way.
func TokenOf(e ast.Expr, sc *Scope) int {
	if j := indexOf(e, "ARGV"); j > 0 {
		return j
	}
	if j := indexOf(e, "KEYS"); j > 1 {
		// Some scripts pass the token as a second key (EVAL s 2 lock
		// token): comparing with it is the same owner check.
		return keysToken + j
	}
	if b := sc.BindingOf(e); b != nil && b.Kind == TokenVal {
		return b.Token
	}
	call, ok := e.(*ast.FuncCallExpr)
	if !ok {
		return 0
	}
	if call.Receiver != nil && call.Method == "sub" {
		return TokenOf(call.Receiver, sc)
	}
	if arg, ok := tostringArg(e); ok {
		return TokenOf(arg, sc)
	}
	if IsQualified(call.Func, "string", "sub") && len(call.Args) > 0 {
		return TokenOf(call.Args[0], sc)
	}
	return 0
}

// KeyOf returns the identity of the key e denotes and its 1-based KEYS
// index (0 when not a literal index). The identity is "" when e is not
// known to be a KEYS element; "k<n>" for KEYS[n]; the loop identity for the
// current element of a loop over KEYS; "*" for unpack(KEYS).
func KeyOf(e ast.Expr, sc *Scope) (id string, index int) {
	if n := indexOf(e, "KEYS"); n > 0 {
		return KeyID(n), n
	}
	if b := sc.BindingOf(e); b != nil && b.Kind == KeyVal {
		return b.Key, b.Index
	}
	if a, ok := e.(*ast.AttrGetExpr); ok && IsIdent(a.Object, "KEYS") {
		if b := sc.BindingOf(a.Key); b != nil && b.Kind == LoopIndex {
			return b.Key, 0
		}
	}
	if IsUnpackKeys(e) {
		return "*", 0
	}
	return "", 0
}

// KeyID returns the identity of KEYS[n], as KeyOf gives it.
func KeyID(n int) string { return "k" + strconv.Itoa(n) }

// KeyIndex returns n when id is the identity of KEYS[n].
func KeyIndex(id string) (n int, ok bool) {
	digits, ok := strings.CutPrefix(id, "k")
	n, err := strconv.Atoi(digits)
	return n, ok && err == nil
}

// absenceSign is the reply by which a command says its key does not exist.
type absenceSign struct {
	isFalse bool // the reply is nil, which Lua sees as false
	n       int  // else this integer
}

// absenceProbes are the commands whose reply can say the key is absent,
// each with where scripts test it that way. A DEL or an expire in the
// branch that saw the key absent does nothing, so it is no bare write.
var absenceProbes = map[string]absenceSign{
	"get":    {isFalse: true}, // redsync's `elseif val == false`, `if not v`
	"getex":  {isFalse: true}, // GET that may also touch the TTL
	"exists": {n: 0},          // one key: 0 absent, 1 present
	"pttl":   {n: -2},         // -2 is "no such key" (-1: no expiry)
	"ttl":    {n: -2},
}

// ProbeOf returns the key identity and command of a reply that can say the
// key is absent, directly or through a local. tostring() of a GET is no
// probe: tostring(false) is the string "false".
func ProbeOf(e ast.Expr, sc *Scope) (id, cmd string, ok bool) {
	if b := sc.BindingOf(e); b != nil {
		return b.Key, b.Cmd, (b.Kind == ReadVal || b.Kind == ProbeVal) && b.Cmd != ""
	}
	call, cmd, ok := RedisCall(e)
	if !ok || len(call.Args) < 2 {
		return "", "", false
	}
	if _, known := absenceProbes[cmd]; !known || (cmd == "exists" && len(call.Args) != 2) {
		return "", "", false
	}
	id, _ = KeyOf(call.Args[1], sc)
	return id, cmd, id != "" && id != "*"
}

// AbsentWhen reports whether `reply == lit`, for the reply of probe
// command cmd (ProbeOf), says the key is absent when it is true (a GET
// compared with false, EXISTS with 0, PTTL with -2) or when it is false
// (EXISTS compared with 1).
func AbsentWhen(cmd string, lit ast.Expr) (whenEqual, whenDiffer bool) {
	sign := absenceProbes[cmd]
	if sign.isFalse {
		_, isFalse := lit.(*ast.FalseExpr)
		return isFalse, false
	}
	n, isNum := signedNumberOf(lit)
	return isNum && n == sign.n, isNum && cmd == "exists" && n == 1
}

// NilWhenAbsent reports whether probe command cmd replies nil, which Lua
// sees as false, for an absent key: an integer reply is always true in
// Lua, so only such a reply tested for truth says the key is absent.
func NilWhenAbsent(cmd string) bool { return absenceProbes[cmd].isFalse }
