package scriptexpr

import (
	"math"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// indexOf returns n for table[n] with a literal positive integer n, else 0.
func indexOf(e ast.Expr, table string) int {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok || !IsIdent(a.Object, table) {
		return 0
	}
	n, ok := NumberOf(a.Key)
	if !ok || n < 1 {
		return 0
	}
	return n
}

// NumberOf returns the value of an integer literal.
func NumberOf(e ast.Expr) (int, bool) {
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

// IsNumber reports an integer literal.
func IsNumber(e ast.Expr) bool {
	_, ok := NumberOf(e)
	return ok
}

// IsIdent reports whether e is the variable name.
func IsIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.IdentExpr)
	return ok && id.Value == name
}

// IsQualified reports whether e is pkg.name, as in string.sub or redis.call.
func IsQualified(e ast.Expr, pkg, name string) bool {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok || !IsIdent(a.Object, pkg) {
		return false
	}
	s, ok := a.Key.(*ast.StringExpr)
	return ok && s.Value == name
}

// IsUnpackKeys reports unpack(KEYS) or table.unpack(KEYS).
func IsUnpackKeys(e ast.Expr) bool {
	call, ok := e.(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) != 1 || !IsIdent(call.Args[0], "KEYS") {
		return false
	}
	return IsIdent(call.Func, "unpack") || IsQualified(call.Func, "table", "unpack")
}

// RedisCall returns a redis.call or redis.pcall with a constant command name,
// and that name in lower case (Redis command names are case-insensitive).
func RedisCall(e ast.Expr) (*ast.FuncCallExpr, string, bool) {
	call, ok := e.(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) == 0 {
		return nil, "", false
	}
	if !IsQualified(call.Func, "redis", "call") && !IsQualified(call.Func, "redis", "pcall") {
		return nil, "", false
	}
	name, ok := call.Args[0].(*ast.StringExpr)
	if !ok {
		return nil, "", false
	}
	return call, strings.ToLower(name.Value), true
}

// signedNumberOf returns the value of an integer literal, negated ones
// included.
func signedNumberOf(e ast.Expr) (int, bool) {
	if m, ok := e.(*ast.UnaryMinusOpExpr); ok {
		n, ok := NumberOf(m.Expr)
		return -n, ok
	}
	return NumberOf(e)
}

// IteratedTable returns X of `ipairs(X)` or `pairs(X)`.
func IteratedTable(exprs []ast.Expr) (ast.Expr, bool) {
	if len(exprs) != 1 {
		return nil, false
	}
	call, ok := exprs[0].(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) != 1 {
		return nil, false
	}
	if !IsIdent(call.Func, "ipairs") && !IsIdent(call.Func, "pairs") {
		return nil, false
	}
	return call.Args[0], true
}

// IsKeysLen reports #KEYS.
func IsKeysLen(e ast.Expr) bool {
	l, ok := e.(*ast.UnaryLenOpExpr)
	return ok && IsIdent(l.Expr, "KEYS")
}

// IsOne reports the literal 1.
func IsOne(e ast.Expr) bool {
	n, ok := NumberOf(e)
	return ok && n == 1
}

// IsErrorCall reports error(...), which aborts the script.
func IsErrorCall(e ast.Expr) bool {
	call, ok := e.(*ast.FuncCallExpr)
	return ok && call.Receiver == nil && IsIdent(call.Func, "error")
}

// IsTableOrString reports a table constructor or a string literal: values
// that are true in Lua.
func IsTableOrString(e ast.Expr) bool {
	switch e.(type) {
	case *ast.TableExpr, *ast.StringExpr:
		return true
	}
	return false
}

// IsBoolean reports a comparison or a not, whose value is true or false.
func IsBoolean(e ast.Expr) bool {
	switch e.(type) {
	case *ast.RelationalOpExpr, *ast.UnaryNotOpExpr:
		return true
	}
	return false
}
