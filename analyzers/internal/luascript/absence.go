package luascript

import "github.com/yuin/gopher-lua/ast"

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

// probeOf returns the key identity and command of a reply that can say the
// key is absent, directly or through a local. tostring() of a GET is no
// probe: tostring(false) is the string "false".
func probeOf(e ast.Expr, sc *scope) (id, cmd string, ok bool) {
	if b := sc.bindingOf(e); b != nil {
		return b.key, b.cmd, (b.kind == readVal || b.kind == probeVal) && b.cmd != ""
	}
	call, cmd, ok := redisCall(e)
	if !ok || len(call.Args) < 2 {
		return "", "", false
	}
	if _, known := absenceProbes[cmd]; !known || (cmd == "exists" && len(call.Args) != 2) {
		return "", "", false
	}
	id, _ = keyOf(call.Args[1], sc)
	return id, cmd, id != "" && id != "*"
}

// absenceFacts returns the absence implied by x == lit being true or
// false, when x is a probe's reply and lit the literal it is tested with.
func absenceFacts(x, lit ast.Expr, sc *scope) (whenTrue, whenFalse facts, ok bool) {
	id, cmd, ok := probeOf(x, sc)
	if !ok {
		return nil, nil, false
	}
	sign := absenceProbes[cmd]
	if sign.isFalse {
		if _, isFalse := lit.(*ast.FalseExpr); isFalse {
			return absent(id), nil, true
		}
		return nil, nil, false
	}
	n, isNum := signedNumberOf(lit)
	switch {
	case isNum && n == sign.n:
		return absent(id), nil, true
	case isNum && cmd == "exists" && n == 1:
		return nil, absent(id), true
	}
	return nil, nil, false
}

// truthFacts returns the facts of a condition that is a reply tested for
// truth: a nil GET reply is false. An integer reply is always true in
// Lua, so `if redis.call('exists', k)` says nothing.
func truthFacts(e ast.Expr, sc *scope) (whenTrue, whenFalse facts) {
	if id, cmd, ok := probeOf(e, sc); ok && absenceProbes[cmd].isFalse {
		return nil, absent(id)
	}
	return nil, nil
}

// signedNumberOf returns the value of an integer literal, negated ones
// included.
func signedNumberOf(e ast.Expr) (int, bool) {
	if m, ok := e.(*ast.UnaryMinusOpExpr); ok {
		n, ok := numberOf(m.Expr)
		return -n, ok
	}
	return numberOf(e)
}

// keepsAbsent are the commands that cannot create a key, so a key seen
// absent before them is still absent after them. Every other command may
// create one, and a key it names need not be the one it creates (RENAME,
// SMOVE, an unnamed key), so after it no key is known absent.
var keepsAbsent = map[string]bool{
	"get": true, "getex": true, "getrange": true, "strlen": true, "exists": true,
	"ttl": true, "pttl": true, "type": true, "hget": true, "hexists": true,
	"hgetall": true, "hmget": true, "hlen": true, "sismember": true, "smembers": true,
	"scard": true, "mget": true, "llen": true, "lrange": true, "zscore": true,
	"zcard": true, "time": true,
	// Removing a key or its expiry never creates one.
	"del": true, "unlink": true, "getdel": true, "expire": true, "pexpire": true,
	"expireat": true, "pexpireat": true, "persist": true,
}

// pureFuncs, pureLibs and stringMethods are the Lua functions a script
// calls that never reach Redis. Any other call (a function of the script's
// own, redis.call with a computed command) may write a key.
var (
	pureFuncs = map[string]bool{
		"tostring": true, "tonumber": true, "type": true, "unpack": true, "ipairs": true,
		"pairs": true, "next": true, "select": true, "assert": true, "error": true,
		"rawget": true, "rawequal": true, "rawlen": true,
	}
	pureLibs = map[string]bool{
		"string": true, "table": true, "math": true, "cjson": true, "cmsgpack": true,
		"bit": true, "struct": true,
	}
	pureRedis = map[string]bool{
		"status_reply": true, "error_reply": true, "sha1hex": true, "log": true,
		"setresp": true, "replicate_commands": true, "set_repl": true,
	}
	stringMethods = map[string]bool{
		"sub": true, "len": true, "upper": true, "lower": true, "find": true, "match": true,
		"gmatch": true, "gsub": true, "format": true, "rep": true, "byte": true, "reverse": true,
	}
)

// keepsAbsence reports whether a call certainly creates no key.
func keepsAbsence(call *ast.FuncCallExpr) bool {
	if _, cmd, ok := redisCall(call); ok {
		return keepsAbsent[cmd]
	}
	if call.Receiver != nil {
		return stringMethods[call.Method]
	}
	if id, ok := call.Func.(*ast.IdentExpr); ok {
		return pureFuncs[id.Value]
	}
	a, ok := call.Func.(*ast.AttrGetExpr)
	if !ok {
		return false
	}
	lib, ok := a.Object.(*ast.IdentExpr)
	name, isStr := a.Key.(*ast.StringExpr)
	if !ok || !isStr {
		return false
	}
	return pureLibs[lib.Value] || (lib.Value == "redis" && pureRedis[name.Value])
}
