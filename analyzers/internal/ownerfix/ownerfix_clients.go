package ownerfix

import (
	"go/format"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// clientScriptFix builds the owner-checked replacement for the clients
// that safelock cannot take: an inline compare script
// in the client's own API. rueidis and valkey-go get
// NewLuaScript(src).Exec(ctx, client, keys, args), whose RedisResult keeps
// the caller's .Error() check; go-zero gets client.Eval(src, keys,
// args...), whose (reply, error) fits `_, err :=` and statements, and
// GoFrame's gredis client.Eval(ctx, src, 1, keys, args), the same. The
// scripts answer a mismatch with an error reply, so that existing error
// check sees "not the owner".
func (f fixer) clientScriptFix(spec Spec, token string) (analysis.SuggestedFix, bool) {
	op := spec.Op
	src, args, msg := releaseScript, []string{token}, "Release with a compare-and-delete script"
	if spec.Refresh {
		cmd, ok := clientExpireCommands[op.Command]
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		src, msg = strings.Replace(refreshScript, "%s", cmd, 1), "Refresh with a compare-and-expire script"
	}
	texts, ok := f.sourceTexts(op.KeyExpr, op.ClientExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	switch op.Client {
	case rediscall.Rueidis:
		return f.luaScriptFix(spec, src, msg, texts[0], texts[1], args)
	case rediscall.GoFrame:
		return f.goFrameEvalFix(spec, src, msg, texts[0], texts[1], args)
	}
	return f.goZeroEvalFix(spec, src, msg, texts[0], texts[1], args)
}

// clientExpireCommands maps the renewals these fixes rewrite to the
// command of the refresh script; the TTL argument keeps its unit (seconds
// for EXPIRE and go-zero, milliseconds for PEXPIRE).
var clientExpireCommands = map[string]string{
	"EXPIRE":  "expire",
	"PEXPIRE": "pexpire",
}

// luaScriptFix replaces a rueidis/valkey-go Do of DEL or EXPIRE with
// NewLuaScript(src).Exec(...), when the client can be passed to Exec.
func (f fixer) luaScriptFix(spec Spec, src, msg, key, client string, args []string) (analysis.SuggestedFix, bool) {
	op := spec.Op
	pkg := op.Call.Func.Pkg()
	name, ok := importName(op.Func.File, pkg)
	if !ok || op.Ctx == nil || !f.acceptsLuaClient(op, pkg) {
		return analysis.SuggestedFix{}, false
	}
	ctx, ok := f.sourceTexts(op.Ctx)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var imports []analysis.TextEdit
	if spec.Refresh {
		ttl, ok := f.sourceTexts(op.TTL)
		if !ok || !isInt64(f.Pass.TypesInfo.TypeOf(op.TTL)) {
			return analysis.SuggestedFix{}, false
		}
		var conv string
		conv, imports = fixedit.AddImport(f.Pass.Fset, op.Func.File, "strconv")
		args = append(args, conv+".FormatInt("+ttl[0]+", 10)")
	}
	call := name + ".NewLuaScript(`" + src + "`).Exec(" + ctx[0] + ", " + client + ", []string{" + key + "}, []string{" + strings.Join(args, ", ") + "}).Error()"
	edits, ok := f.replaceWithErrCall(op, gofmtExpr(call), errCallForm)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: append(edits, imports...)}, true
}

// acceptsLuaClient reports whether op's client can be passed to
// (*Lua).Exec of the client package (a DedicatedClient cannot).
func (f fixer) acceptsLuaClient(op *lockmodel.Op, pkg *types.Package) bool {
	tn, ok := pkg.Scope().Lookup("Lua").(*types.TypeName)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, "Exec")
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Params().Len() < 2 {
		return false
	}
	t := f.Pass.TypesInfo.TypeOf(op.ClientExpr)
	return t != nil && types.AssignableTo(t, fn.Signature().Params().At(1).Type())
}

func isInt64(t types.Type) bool {
	return t != nil && types.Identical(t.Underlying(), types.Typ[types.Int64])
}

// goZeroEvalFix replaces go-zero's Del/Expire (and ...Ctx) with Eval (or
// EvalCtx) on the same client.
func (f fixer) goZeroEvalFix(spec Spec, src, msg, key, client string, args []string) (analysis.SuggestedFix, bool) {
	op := spec.Op
	lead, method := "", "Eval"
	if op.Ctx != nil {
		ctx, ok := f.sourceTexts(op.Ctx)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		lead, method = ctx[0]+", ", "EvalCtx"
	}
	if spec.Refresh {
		ttl, ok := f.sourceTexts(op.TTL)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		args = append(args, ttl[0])
	}
	call := client + "." + method + "(" + lead + "`" + src + "`, []string{" + key + "}, " + strings.Join(args, ", ") + ")"
	edits, ok := f.replaceWithErrCall(op, gofmtExpr(call), replyErrForm)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// goFrameEvalFix replaces gredis's Del/Expire/PExpire with Eval on the
// same client: Eval(ctx, src, numKeys, keys, args), the arguments a
// []interface{} and the TTL in the unit the replaced command took.
func (f fixer) goFrameEvalFix(spec Spec, src, msg, key, client string, args []string) (analysis.SuggestedFix, bool) {
	op := spec.Op
	ctx, ok := f.sourceTexts(op.Ctx)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if spec.Refresh {
		ttl, ok := f.sourceTexts(op.TTL)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		args = append(args, ttl[0])
	}
	call := client + ".Eval(" + ctx[0] + ", `" + src + "`, 1, []string{" + key + "}, []interface{}{" + strings.Join(args, ", ") + "})"
	edits, ok := f.replaceWithErrCall(op, gofmtExpr(call), replyErrForm)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// gofmtExpr formats a replacement call: the key, token and TTL are copied
// as the user spelled them, and gofmt spaces a binary expression ("lock:"
// + name) by how deep it sits, which differs between Key(...) in a chain
// and the []string{...} of the script call.
func gofmtExpr(call string) string {
	out, err := format.Source([]byte(call))
	if err != nil || strings.Contains(string(out), "\n") {
		return call
	}
	return string(out)
}
