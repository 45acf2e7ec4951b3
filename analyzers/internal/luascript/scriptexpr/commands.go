package scriptexpr

import (
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// multiKey commands take only keys after the command name, so each argument
// is a key of its own op.
var multiKey = map[string]bool{
	"del": true, "unlink": true, "exists": true, "touch": true, "mget": true,
}

// KeyArgs returns the key arguments of a redis.call of cmd (args[0] is the
// command name): every argument of a multi-key command, else the first.
func KeyArgs(cmd string, args []ast.Expr) []ast.Expr {
	keys := args[1:]
	if !multiKey[cmd] && len(keys) > 1 {
		keys = keys[:1]
	}
	return keys
}

// SetOptions reports whether a write of cmd with args only writes an
// absent key (SETNX, SET ... NX) and whether it sets a TTL (SETEX,
// PSETEX, SET with PX, EX, PXAT or EXAT), from its constant options.
func SetOptions(cmd string, args []ast.Expr) (nx, ttl bool) {
	switch cmd {
	case "setnx":
		nx = true
	case "setex", "psetex":
		ttl = true
	case "set":
		// SET key value [options...]: options start at the fourth argument.
		for _, a := range args[min(3, len(args)):] {
			s, ok := a.(*ast.StringExpr)
			if !ok {
				continue
			}
			switch strings.ToLower(s.Value) {
			case "nx":
				nx = true
			case "px", "ex", "pxat", "exat":
				ttl = true
			}
		}
	}
	return nx, ttl
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

// KeepsAbsence reports whether a call certainly creates no key.
func KeepsAbsence(call *ast.FuncCallExpr) bool {
	if _, cmd, ok := RedisCall(call); ok {
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

// ValueArg returns the 1-based ARGV index of the value that SET or SETNX
// (args: the command, the key, the value, ...) writes, directly or
// through a local; 0 for any other command or value.
func ValueArg(cmd string, args []ast.Expr, sc *Scope) int {
	if (cmd != "set" && cmd != "setnx") || len(args) < 3 {
		return 0
	}
	if j := indexOf(args[2], "ARGV"); j > 0 {
		return j
	}
	if b := sc.BindingOf(args[2]); b != nil && b.Kind == TokenVal && b.Token < keysToken {
		return b.Token
	}
	return 0
}
