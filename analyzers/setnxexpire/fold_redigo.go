package setnxexpire

import (
	"go/ast"
	"go/constant"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerfix"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// setnxTTLScript is SETNX with an expiry: SET NX with the unit of the
// expire it replaces, answering 1 or 0 as SETNX does, so that the code
// reading the acquire's reply (redis.Int(...) == 1, redis.Bool) keeps
// its meaning.
const setnxTTLScript = `if redis.call("SET", KEYS[1], ARGV[1], "NX", "%s", ARGV[2]) then return 1 end return 0`

// foldRedigoTTL returns the edits that give a redigo acquire the expiry
// of the EXPIRE or PEXPIRE sent after it, both written as conn.Do with the
// command word inline:
//
//   - conn.Do("SET", k, v, "NX") gets the EX or PX option (the reply,
//     "OK" or nil, is unchanged);
//   - conn.Do("SETNX", k, v) becomes a script that sets the key with NX
//     and the expiry and answers 1 or 0 as SETNX does.
func foldRedigoTTL(pass *analysis.Pass, env *rediscall.Env, acq, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	unit, ok := map[string]string{"EXPIRE": "EX", "PEXPIRE": "PX"}[exp.Command]
	if !ok || exp.TTLAt || !plainDo(acq) || !plainDo(exp) || acq.TTL != nil {
		return nil, false
	}
	ttl, ok := fixedit.Text(pass, exp.TTL)
	if !ok || strings.Contains(ttl, "\n") || !positiveTTL(pass, exp.TTL) {
		return nil, false
	}
	args := acq.Expr.Args
	switch word := commandWord(pass, args[0]); {
	case word == "SET" && acq.NX && onlyOptions(pass, args[3:], "NX", "GET"):
		return []analysis.TextEdit{insertAt(args[len(args)-1], `, "`+unit+`", `+ttl)}, true
	case word == "SETNX" && len(args) == 3:
		key, ok1 := fixedit.Text(pass, args[1])
		value, ok2 := fixedit.Text(pass, args[2])
		if !ok1 || !ok2 || strings.Contains(key+value, "\n") {
			return nil, false
		}
		src := strings.Replace(setnxTTLScript, "%s", unit, 1)
		call, ok := ownerfix.RedigoScriptCall(pass, env, acq, src, []string{key, value, ttl})
		if !ok {
			return nil, false
		}
		return []analysis.TextEdit{{Pos: acq.Expr.Pos(), End: acq.Expr.End(), NewText: []byte(call)}}, true
	}
	return nil, false
}

// plainDo reports whether op is conn.Do(WORD, args...) with its arguments
// written out: no context, timeout or queue that a rewrite would drop.
func plainDo(op *lockmodel.Op) bool {
	sel, ok := ast.Unparen(op.Expr.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Do" && op.Kind != rediscall.Script && op.Ctx == nil && !op.Queued &&
		len(op.Expr.Args) > 0 && !op.Expr.Ellipsis.IsValid()
}

// commandWord returns the command a Do call's first argument spells, upper
// case, when it is a constant: a local holding the word would be left
// unused by a rewrite that drops it.
func commandWord(pass *analysis.Pass, e ast.Expr) string {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	return strings.ToUpper(constant.StringVal(tv.Value))
}

// positiveTTL reports whether the expire's TTL is not a constant that is
// zero or negative: EXPIRE with such a TTL deletes the key, SET EX fails.
func positiveTTL(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	switch {
	case !ok || tv.Value == nil:
		return true
	case tv.Value.Kind() == constant.Int || tv.Value.Kind() == constant.Float:
		return constant.Sign(tv.Value) > 0
	}
	return false
}

// onlyOptions reports whether every argument is a constant word among
// allowed: options after which EX or PX can be added.
func onlyOptions(pass *analysis.Pass, args []ast.Expr, allowed ...string) bool {
	for _, a := range args {
		if !slices.Contains(allowed, commandWord(pass, a)) {
			return false
		}
	}
	return true
}
