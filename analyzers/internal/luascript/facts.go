package luascript

import (
	"math"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// allKeys is the key identity of a fact that holds for every KEYS element:
// a loop over all of KEYS compared each one with the same ARGV element.
const allKeys = "all"

// factKind says what a fact records about the key with its identity.
type factKind uint8

const (
	// ownerMatch: the value stored at the key was found equal to
	// ARGV[token] (the owner check).
	ownerMatch factKind = iota
	// ownerMismatch: the value stored at the key was found different
	// from ARGV[token]: the path where the owner check failed.
	ownerMismatch
	// keyAbsent: the script has just seen that the key does not exist
	// (GET replied nil, EXISTS 0, PTTL -2) and nothing has written a key
	// since, so a DEL or an expire of it does nothing.
	keyAbsent
)

// fact is one thing known about the key with identity key at a point of
// the script; token is the ARGV index of an owner match or mismatch.
type fact struct {
	key   string
	token int
	kind  factKind
}

// facts is a set of facts known to hold at a point of the script.
// A nil set is empty. Sets are never modified after they are built, so
// branches can share them.
type facts map[fact]bool

func union(a, b facts) facts {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make(facts, len(a)+len(b))
	for g := range a {
		out[g] = true
	}
	for g := range b {
		out[g] = true
	}
	return out
}

func intersect(a, b facts) facts {
	var out facts
	for g := range a {
		if b[g] {
			if out == nil {
				out = facts{}
			}
			out[g] = true
		}
	}
	return out
}

// single returns the owner check of key against ARGV[token].
func single(key string, token int) facts {
	return facts{{key: key, token: token}: true}
}

// mismatch returns the failed owner check of key against ARGV[token].
func mismatch(key string, token int) facts {
	return facts{{key: key, token: token, kind: ownerMismatch}: true}
}

// absent returns the fact that key was seen absent.
func absent(key string) facts {
	return facts{{key: key, kind: keyAbsent}: true}
}

// without returns f less the facts of kind k.
func without(f facts, k factKind) facts {
	var out facts
	for g := range f {
		if g.kind == k {
			continue
		}
		if out == nil {
			out = facts{}
		}
		out[g] = true
	}
	return out
}

// has reports whether f holds a fact of kind k about key id, or about any
// key when id is "".
func has(f facts, k factKind, id string) bool {
	for g := range f {
		if g.kind == k && (id == "" || g.key == id) {
			return true
		}
	}
	return false
}

// guardFor reports whether a check of key identity id holds in f, and with
// which ARGV index (the lowest, so that the answer is deterministic).
func guardFor(id string, f facts) (token int, ok bool) {
	if id == "" {
		return 0, false
	}
	for g := range f {
		// Every non-empty identity names a KEYS element, so a check over all
		// of KEYS covers it.
		if g.kind != ownerMatch || (g.key != id && g.key != allKeys) {
			continue
		}
		if !ok || g.token < token {
			token, ok = g.token, true
		}
	}
	return token, ok
}

// condFacts returns the facts that hold when cond is true and when it is
// false. Only comparisons of a key's value with an ARGV element, tests of a
// reply that says the key is absent, and the boolean connectives over them,
// produce facts.
func condFacts(cond ast.Expr, sc *scope) (whenTrue, whenFalse facts) {
	switch e := cond.(type) {
	case *ast.RelationalOpExpr:
		if e.Operator != "==" && e.Operator != "~=" {
			return nil, nil
		}
		t, f := equalityFacts(e.Lhs, e.Rhs, sc)
		if e.Operator == "~=" {
			return f, t
		}
		return t, f
	case *ast.LogicalOpExpr:
		lt, lf := condFacts(e.Lhs, sc)
		rt, rf := condFacts(e.Rhs, sc)
		if e.Operator == "and" {
			return union(lt, rt), intersect(lf, rf)
		}
		return intersect(lt, rt), union(lf, rf)
	case *ast.UnaryNotOpExpr:
		t, f := condFacts(e.Expr, sc)
		return f, t
	}
	return truthFacts(cond, sc)
}

// equalityFacts returns the checks implied by a == b being true or false, in
// either operand order.
func equalityFacts(a, b ast.Expr, sc *scope) (whenTrue, whenFalse facts) {
	for _, p := range [2][2]ast.Expr{{a, b}, {b, a}} {
		if id, ok := readOf(p[0], sc); ok {
			if j := tokenOf(p[1], sc); j > 0 {
				return single(id, j), mismatch(id, j)
			}
		}
		if id, j, ok := memberOf(p[0], sc); ok {
			// HEXISTS/SISMEMBER reply 1 or 0: "== 1" is the owner check,
			// "== 0" is its negation (Redisson's early return).
			switch n, _ := numberOf(p[1]); {
			case isNumber(p[1]) && n == 1:
				return single(id, j), mismatch(id, j)
			case isNumber(p[1]) && n == 0:
				return mismatch(id, j), single(id, j)
			}
		}
		if t, f, ok := absenceFacts(p[0], p[1], sc); ok {
			return t, f
		}
	}
	return nil, nil
}

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

// readOf returns the key identity whose value e is: a value read of a key,
// directly or through a local.
func readOf(e ast.Expr, sc *scope) (id string, ok bool) {
	if b := sc.bindingOf(e); b != nil && b.kind == readVal {
		return b.key, true
	}
	if arg, ok := tostringArg(e); ok {
		return readOf(arg, sc)
	}
	call, cmd, ok := redisCall(e)
	if !ok || !valueReads[cmd] || len(call.Args) < 2 {
		return "", false
	}
	id, _ = keyOf(call.Args[1], sc)
	return id, id != ""
}

// tostringArg returns x of tostring(x), which scripts use to compare a
// reply with a string token.
func tostringArg(e ast.Expr) (ast.Expr, bool) {
	call, ok := e.(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) != 1 || !isIdent(call.Func, "tostring") {
		return nil, false
	}
	return call.Args[0], true
}

// memberOf returns the key and ARGV index of a membership test of the token,
// directly or through a local.
func memberOf(e ast.Expr, sc *scope) (id string, token int, ok bool) {
	if b := sc.bindingOf(e); b != nil && b.kind == memberVal {
		return b.key, b.token, true
	}
	call, cmd, ok := redisCall(e)
	if !ok || !memberReads[cmd] || len(call.Args) < 3 {
		return "", 0, false
	}
	id, _ = keyOf(call.Args[1], sc)
	token = tokenOf(call.Args[2], sc)
	return id, token, id != "" && token > 0
}

// keysToken is added to the KEYS index of a token passed as a key, so
// that it cannot be taken for an ARGV index.
const keysToken = 1000

// tokenOf returns the 1-based ARGV index e stands for (keysToken+j for
// KEYS[j], j > 1), or 0. A prefix of an
// ARGV element (string.sub) counts, because bsm/redislock compares the token
// part of a token+metadata value that way.
func tokenOf(e ast.Expr, sc *scope) int {
	if j := indexOf(e, "ARGV"); j > 0 {
		return j
	}
	if j := indexOf(e, "KEYS"); j > 1 {
		// Some scripts pass the token as a second key (EVAL s 2 lock
		// token): comparing with it is the same owner check.
		return keysToken + j
	}
	if b := sc.bindingOf(e); b != nil && b.kind == tokenVal {
		return b.token
	}
	call, ok := e.(*ast.FuncCallExpr)
	if !ok {
		return 0
	}
	if call.Receiver != nil && call.Method == "sub" {
		return tokenOf(call.Receiver, sc)
	}
	if arg, ok := tostringArg(e); ok {
		return tokenOf(arg, sc)
	}
	if isQualified(call.Func, "string", "sub") && len(call.Args) > 0 {
		return tokenOf(call.Args[0], sc)
	}
	return 0
}

// keyOf returns the identity of the key e denotes and its 1-based KEYS
// index (0 when not a literal index). The identity is "" when e is not
// known to be a KEYS element; "k<n>" for KEYS[n]; the loop identity for the
// current element of a loop over KEYS; "*" for unpack(KEYS).
func keyOf(e ast.Expr, sc *scope) (id string, index int) {
	if n := indexOf(e, "KEYS"); n > 0 {
		return "k" + strconv.Itoa(n), n
	}
	if b := sc.bindingOf(e); b != nil && b.kind == keyVal {
		return b.key, b.index
	}
	if a, ok := e.(*ast.AttrGetExpr); ok && isIdent(a.Object, "KEYS") {
		if b := sc.bindingOf(a.Key); b != nil && b.kind == loopIndex {
			return b.key, 0
		}
	}
	if isUnpackKeys(e) {
		return "*", 0
	}
	return "", 0
}

// indexOf returns n for table[n] with a literal positive integer n, else 0.
func indexOf(e ast.Expr, table string) int {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok || !isIdent(a.Object, table) {
		return 0
	}
	n, ok := numberOf(a.Key)
	if !ok || n < 1 {
		return 0
	}
	return n
}

// numberOf returns the value of an integer literal.
func numberOf(e ast.Expr) (int, bool) {
	num, ok := e.(*ast.NumberExpr)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(num.Value, 64)
	if err != nil {
		if i, ierr := strconv.ParseInt(num.Value, 0, 64); ierr == nil {
			f = float64(i)
		} else {
			return 0, false
		}
	}
	if f != math.Trunc(f) || f > math.MaxInt32 || f < math.MinInt32 {
		return 0, false
	}
	return int(f), true
}

func isNumber(e ast.Expr) bool {
	_, ok := numberOf(e)
	return ok
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.IdentExpr)
	return ok && id.Value == name
}

// isQualified reports whether e is pkg.name, as in string.sub or redis.call.
func isQualified(e ast.Expr, pkg, name string) bool {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok || !isIdent(a.Object, pkg) {
		return false
	}
	s, ok := a.Key.(*ast.StringExpr)
	return ok && s.Value == name
}

// isUnpackKeys reports unpack(KEYS) or table.unpack(KEYS).
func isUnpackKeys(e ast.Expr) bool {
	call, ok := e.(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) != 1 || !isIdent(call.Args[0], "KEYS") {
		return false
	}
	return isIdent(call.Func, "unpack") || isQualified(call.Func, "table", "unpack")
}

// redisCall returns a redis.call or redis.pcall with a constant command name,
// and that name in lower case (Redis command names are case-insensitive).
func redisCall(e ast.Expr) (*ast.FuncCallExpr, string, bool) {
	call, ok := e.(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) == 0 {
		return nil, "", false
	}
	if !isQualified(call.Func, "redis", "call") && !isQualified(call.Func, "redis", "pcall") {
		return nil, "", false
	}
	name, ok := call.Args[0].(*ast.StringExpr)
	if !ok {
		return nil, "", false
	}
	return call, strings.ToLower(name.Value), true
}
