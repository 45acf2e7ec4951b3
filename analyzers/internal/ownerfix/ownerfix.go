package ownerfix

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// safelockPath is the import path of the reference lock the v9 fixes call.
const safelockPath = "github.com/leasevet/leasevet/safelock"

// Scripts of the fixes for clients older than go-redis v9. A mismatch is
// an error reply, so the caller's existing error check (.Err(), the err
// of Result or of redigo's Do) sees "not the owner" without new code.
const (
	releaseScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return redis.error_reply("lock not held")`
	refreshScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("%s", KEYS[1], ARGV[2]) end return redis.error_reply("lock not held")`
)

// A Spec says how to make op owner-checked.
type Spec struct {
	Op      *lockmodel.Op
	Token   ast.Expr        // the owner token, as written in TokenIn
	TokenIn *lockmodel.Func // the function Token is written in
	Refresh bool            // a renewal (op.TTL is the new TTL), not a release
	// Discard is set when the caller's code drops the outcome on purpose
	// (a GET-compare-DEL that does nothing when the token differs): a
	// statement then becomes the owner-checked call with its outcome
	// discarded in sight (_ = ...), instead of no fix.
	Discard bool
	// OnFailure is set when the code answered a token that differs with
	// a block of its own, right before a write whose reply it drops
	// (if v != token { return false }; DEL): the write becomes
	// "if <the owner-checked call fails> OnFailure", the block copied.
	OnFailure *ast.BlockStmt
}

// Fix returns the fix that replaces an unconditional release or
// renewal with an owner-checked one: safelock.Release/Refresh for go-redis
// v9, an inline compare script built with the file's own client import for
// older clients. It offers nothing unless the token, key, client and
// context can all be written at the op and the caller's error handling
// keeps compiling with the same meaning: the reply is only checked for
// its error, or the op is a statement in a function returning just error.
func Fix(pass *analysis.Pass, env *rediscall.Env, spec Spec) (analysis.SuggestedFix, bool) {
	return fixer{Pass: pass, Env: env, discard: spec.Discard, onFailure: spec.OnFailure, refresh: spec.Refresh}.fix(spec)
}

// A fixer writes the fixes of one package: its files are read through
// Pass, its locals through Env; discard, onFailure and refresh are Spec's.
type fixer struct {
	Pass      *analysis.Pass
	Env       *rediscall.Env
	discard   bool
	onFailure *ast.BlockStmt
	refresh   bool
}

func (f fixer) fix(spec Spec) (analysis.SuggestedFix, bool) {
	op := spec.Op
	if op.Via != nil || op.Forwarded || op.Queued || op.InWatch || op.Reply.Consumer == replyuse.Deferred || op.Reply.Held != nil || op.ClientExpr == nil || op.KeyExpr == nil || len(op.KeyExprs) > 1 {
		return analysis.SuggestedFix{}, false
	}
	if !isString(f.Pass.TypesInfo.TypeOf(op.KeyExpr)) || (spec.Refresh && (op.TTL == nil || op.TTLAt)) {
		return analysis.SuggestedFix{}, false
	}
	token, ok := f.tokenAt(spec.Token, spec.TokenIn, op)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if op.Client == rediscall.Rueidis || op.Client == rediscall.GoZero || op.Client == rediscall.GoFrame {
		return f.clientScriptFix(spec, token)
	}
	if op.Client == rediscall.GoRedisV9 {
		return f.safelockFix(spec, token)
	}
	return f.scriptFix(spec, token)
}

func isString(t types.Type) bool {
	return t != nil && types.Identical(t, types.Typ[types.String])
}

// tokenAt returns the text of tok as it can be written at op: a local or
// parameter of op's own function assigned once and visible there, or a
// field of the receiver when tok is written in a method of the same type.
func (f fixer) tokenAt(tok ast.Expr, from *lockmodel.Func, op *lockmodel.Op) (string, bool) {
	tok = ast.Unparen(tok)
	if tok == nil || from == nil || !isString(f.Pass.TypesInfo.TypeOf(tok)) {
		return "", false
	}
	if call, ok := tok.(*ast.CallExpr); ok {
		return f.stringerTokenAt(call, from, op)
	}
	return f.valueAt(tok, from, op)
}

// valueAt is tokenAt for a value of any type: a local or a field.
func (f fixer) valueAt(e ast.Expr, from *lockmodel.Func, op *lockmodel.Op) (string, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if text, ok := f.localTokenAt(e, from, op); ok {
			return text, true
		}
		return f.storedTokenAt(e, from, op)
	case *ast.SelectorExpr:
		return f.fieldTokenAt(e, from, op)
	}
	return "", false
}

// stringerTokenAt accepts the String method of a token kept as a value of
// its own type (id.String() of a uuid.UUID in a local or field, as
// valueAt): the call reads the same value at op as in the compare.
func (f fixer) stringerTokenAt(call *ast.CallExpr, from *lockmodel.Func, op *lockmodel.Op) (string, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 || sel.Sel.Name != "String" {
		return "", false
	}
	if s, ok := f.Pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return "", false
	}
	x, ok := f.valueAt(sel.X, from, op)
	return x + ".String()", ok
}

func (f fixer) localTokenAt(id *ast.Ident, from *lockmodel.Func, op *lockmodel.Op) (string, bool) {
	v, ok := f.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || from != op.Func || v.IsField() || v.Parent() == f.Pass.Pkg.Scope() {
		return "", false
	}
	once := (f.Env.WrittenOnce(v) && !from.HasParam(v)) || (from.HasParam(v) && !f.Env.Assigned(v))
	if !once || !f.visibleAt(v, op.Pos()) {
		return "", false
	}
	return id.Name, true
}

// fieldTokenAt accepts recv.f (or recv.f.g) where recv is the receiver of
// the method the token is written in, and op is in a method of the same
// type: the text is rewritten with op's receiver name.
func (f fixer) fieldTokenAt(sel *ast.SelectorExpr, from *lockmodel.Func, op *lockmodel.Op) (string, bool) {
	var path []string
	var e ast.Expr = sel
	for {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			break
		}
		if sk, ok := f.Pass.TypesInfo.Selections[s]; !ok || sk.Kind() != types.FieldVal {
			return "", false
		}
		path = append([]string{s.Sel.Name}, path...)
		e = s.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || from.Recv == nil || from.Recv != op.Func.Recv {
		return "", false
	}
	recv := from.Obj.Signature().Recv()
	if recv == nil || f.Pass.TypesInfo.Uses[id] != recv {
		return "", false
	}
	opRecv := op.Func.Obj.Signature().Recv()
	if opRecv == nil || opRecv.Name() == "" || opRecv.Name() == "_" || !f.visibleAt(opRecv, op.Pos()) {
		return "", false
	}
	return opRecv.Name() + "." + strings.Join(path, "."), true
}

// visibleAt reports whether v's name denotes v at pos (no shadowing).
func (f fixer) visibleAt(v *types.Var, pos token.Pos) bool {
	scope := f.Pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(v.Name(), pos)
	return obj == v
}

// safelockClientMethods is the method set of safelock.Client; a go-redis v9
// client value with all of them can be passed to safelock.
var safelockClientMethods = []string{"Eval", "EvalSha", "EvalRO", "EvalShaRO", "ScriptExists", "ScriptLoad", "Get", "SetArgs"}

func (f fixer) safelockFix(spec Spec, token string) (analysis.SuggestedFix, bool) {
	op := spec.Op
	if op.Ctx == nil || !hasMethods(f.Pass.TypesInfo.TypeOf(op.ClientExpr), op.Call.Func.Pkg().Path(), safelockClientMethods) {
		return analysis.SuggestedFix{}, false
	}
	name, imp := fixedit.AddImport(f.Pass.Fset, op.Func.File, safelockPath)
	exprs := []ast.Expr{op.Ctx, op.ClientExpr, op.KeyExpr}
	fn, msg := "Release", "Release with safelock.Release"
	if spec.Refresh {
		fn, msg = "Refresh", "Refresh with safelock.Refresh"
		exprs = append(exprs, op.TTL)
	}
	args, ok := f.sourceTexts(exprs...)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	args = append(args[:3], append([]string{token}, args[3:]...)...)
	call := name + "." + fn + "(" + strings.Join(args, ", ") + ")"
	edits, ok := f.replaceWithErrCall(op, call, errCallForm)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: append(edits, imp...)}, true
}

// hasMethods reports whether values of t have every method in names,
// each declared in package path.
func hasMethods(t types.Type, path string, names []string) bool {
	if t == nil {
		return false
	}
	for _, name := range names {
		obj, _, _ := types.LookupFieldOrMethod(t, false, nil, name)
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != path {
			return false
		}
	}
	return true
}

// scriptFix builds the inline compare script for go-redis v8 and older and
// for redigo, through the file's own import of the client package.
func (f fixer) scriptFix(spec Spec, token string) (analysis.SuggestedFix, bool) {
	op := spec.Op
	pkg := op.Call.Func.Pkg()
	name, ok := importName(op.Func.File, pkg)
	if !ok || !f.acceptsScriptClient(op, pkg) {
		return analysis.SuggestedFix{}, false
	}
	src, args, msg := releaseScript, []string{token}, "Release with a compare-and-delete script"
	if spec.Refresh {
		cmd, ttl, ok := f.scriptTTL(op)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		src, msg = strings.Replace(refreshScript, "%s", cmd, 1), "Refresh with a compare-and-expire script"
		args = append(args, ttl)
	}
	texts, ok := f.sourceTexts(op.KeyExpr, op.ClientExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	key, client := texts[0], texts[1]
	var call string
	form := errCallForm
	if op.Client == rediscall.Redigo {
		if !strings.HasPrefix(op.Method, "Do(") {
			return analysis.SuggestedFix{}, false
		}
		call = redigoScriptText(name, src, client, append([]string{key}, args...))
		form = replyErrForm
	} else {
		lead := ""
		if op.Ctx != nil {
			ctx, ok := f.sourceTexts(op.Ctx)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			lead = ctx[0] + ", "
		}
		call = name + ".NewScript(`" + src + "`).Run(" + lead + client + ", []string{" + key + "}, " + strings.Join(args, ", ") + ")"
		form = cmdForm
	}
	edits, ok := f.replaceWithErrCall(op, call, form)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// scriptTTL returns the expire command of the refresh script and the TTL
// argument: go-redis takes a time.Duration (sent as milliseconds), redigo
// the number the original command was given.
func (f fixer) scriptTTL(op *lockmodel.Op) (string, string, bool) {
	texts, ok := f.sourceTexts(op.TTL)
	if !ok {
		return "", "", false
	}
	ttl := texts[0]
	switch {
	case op.Client == rediscall.Redigo && op.Command == "EXPIRE":
		return "expire", ttl, true
	case op.Client == rediscall.Redigo && op.Command == "PEXPIRE":
		return "pexpire", ttl, true
	case op.Client != rediscall.Redigo && (op.Command == "EXPIRE" || op.Command == "PEXPIRE"):
		switch ast.Unparen(op.TTL).(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr:
		default:
			ttl = "(" + ttl + ")"
		}
		return "pexpire", ttl + ".Milliseconds()", true
	}
	return "", "", false
}

// sourceTexts returns the expressions as written in the file: reusing the
// user's own spelling keeps the fixed file gofmt-formatted, which
// types.ExprString (spaces around every binary operator) does not.
func (f fixer) sourceTexts(exprs ...ast.Expr) ([]string, bool) {
	var out []string
	for _, e := range exprs {
		if e == nil {
			return nil, false
		}
		text, ok := fixedit.Text(f.Pass, e)
		if !ok || strings.Contains(text, "\n") {
			return nil, false // a multi-line argument would need re-indenting
		}
		out = append(out, text)
	}
	return out, true
}

// acceptsScriptClient reports whether op's client can be passed to the
// script object of the client package (go-redis Script.Run's scripter,
// redigo Script.Do's Conn).
func (f fixer) acceptsScriptClient(op *lockmodel.Op, pkg *types.Package) bool {
	tn, ok := pkg.Scope().Lookup("Script").(*types.TypeName)
	if !ok {
		return false
	}
	method, at := "Run", 0
	if op.Ctx != nil {
		at = 1
	}
	if op.Client == rediscall.Redigo {
		method, at = "Do", 0
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, method)
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Params().Len() <= at {
		return false
	}
	t := f.Pass.TypesInfo.TypeOf(op.ClientExpr)
	return t != nil && types.AssignableTo(t, fn.Signature().Params().At(at).Type())
}

// RedigoScriptCall returns the text of a call that sends src, with one
// key, on the connection of op (a redigo Do) through the file's own import
// of the redigo package: NAME.NewScript(1, `src`).Do(conn, args...), which
// returns a reply and an error as Do does. args are written as given.
// False when the connection cannot be passed to Script.Do or is written
// over several lines.
func RedigoScriptCall(pass *analysis.Pass, env *rediscall.Env, op *lockmodel.Op, src string, args []string) (string, bool) {
	f := fixer{Pass: pass, Env: env}
	pkg := op.Call.Func.Pkg()
	name, ok := importName(op.Func.File, pkg)
	if op.Client != rediscall.Redigo || !ok || !f.acceptsScriptClient(op, pkg) {
		return "", false
	}
	client, ok := f.sourceTexts(op.ClientExpr)
	if !ok {
		return "", false
	}
	return redigoScriptText(name, src, client[0], args), true
}

func redigoScriptText(pkgName, src, client string, args []string) string {
	return pkgName + ".NewScript(1, `" + src + "`).Do(" + client + ", " + strings.Join(args, ", ") + ")"
}

// importName returns the name file uses for the package at path.
func importName(file *ast.File, pkg *types.Package) (string, bool) {
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != pkg.Path() {
			continue
		}
		if imp.Name == nil {
			return pkg.Name(), true
		}
		if imp.Name.Name == "_" || imp.Name.Name == "." {
			return "", false
		}
		return imp.Name.Name, true
	}
	return "", false
}

// The forms a replacement call takes.
type callForm int

const (
	errCallForm  callForm = iota // the call returns error (safelock)
	cmdForm                      // the call returns a go-redis *Cmd: .Err(), .Result()
	replyErrForm                 // the call returns (reply, error) (redigo)
)

// replaceWithErrCall returns the edits that put call in place of op where
// the original only looked at the error: X.Err(), _, err := X.Result(),
// _, err := conn.Do(...), or a statement in a function whose only result
// is an error (the error is then returned instead of dropped).
func (f fixer) replaceWithErrCall(op *lockmodel.Op, call string, form callForm) ([]analysis.TextEdit, bool) {
	stack := op.Stack
	n := len(stack)
	if n < 2 {
		return nil, false
	}
	if f.onFailure != nil {
		return f.failureForm(op, call, form)
	}
	if sel, outer, ok := accessor(stack); ok && op.Client != rediscall.Redigo {
		if stmt, ok := droppedWhole(stack[n-4], outer); ok {
			if edits, ok := f.watchdogForm(op, stmt, call, form); ok {
				return edits, true
			}
		}
		if _, isStmt := stack[n-4].(*ast.ExprStmt); isStmt && rediscall.MethodYield(sel.Sel.Name) == rediscall.YieldsError {
			return f.statementForm(op, stack[n-4].(ast.Stmt), call, form)
		}
		switch sel.Sel.Name {
		case "Err", "Error": // go-redis .Err(), rueidis .Error()
			return f.errChainEdit(op, outer, call, form), true
		case "Result":
			if edits, ok := f.resultEdit(op, outer, stack[n-4], call, form); ok {
				return edits, true
			}
			return f.testedReplyEdit(op, outer, call, form)
		}
		return nil, false
	}
	switch p := stack[n-2].(type) {
	case *ast.ExprStmt:
		return f.statementForm(op, p, call, form)
	case *ast.AssignStmt:
		if form != replyErrForm || !blankFirstOfTwo(p, op.Expr) {
			return nil, false
		}
		return []analysis.TextEdit{replace(op.Expr, call)}, true
	case *ast.CallExpr:
		if form != replyErrForm || !f.checkedConversion(op, p) {
			return nil, false
		}
		return []analysis.TextEdit{replace(op.Expr, call)}, true
	}
	return nil, false
}

// checkedConversion reports whether conv, the parent of op (a redigo
// Do), is one of the client package's reply helpers (redis.Int(reply,
// err), redis.String(...)) whose error is assigned and checked by the
// next statement, "if err != nil" with a body that ends in a return: a
// script's error reply (a token that differs) then takes that path. The
// script answers DEL's or EXPIRE's own reply on success, so what the
// helper converts is unchanged.
func (f fixer) checkedConversion(op *lockmodel.Op, conv *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(f.Pass.TypesInfo, conv).(*types.Func)
	if !ok || fn.Pkg() != op.Call.Func.Pkg() || len(conv.Args) != 1 || conv.Args[0] != op.Expr {
		return false
	}
	block, stmt, ok := fixedit.Parent(op.Stack)
	as, isAssign := stmt.(*ast.AssignStmt)
	if !ok || !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != conv {
		return false
	}
	errVar := analysisutil.VarOf(f.Pass.TypesInfo, as.Lhs[1])
	if errVar == nil || !analysisutil.IsError(errVar.Type()) {
		return false
	}
	return f.returnsOnErr(analysisutil.NextStmt(block, as), errVar)
}

// returnsOnErr reports whether s is "if err != nil { ...; return ... }"
// for the variable errVar, with no init and no else.
func (f fixer) returnsOnErr(s ast.Stmt, errVar *types.Var) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return false
	}
	if !analysisutil.IsNonNilTest(f.Pass.TypesInfo, ast.Unparen(ifs.Cond), errVar) {
		return false
	}
	_, ret := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
	return ret
}

func (f fixer) errChainEdit(op *lockmodel.Op, outer *ast.CallExpr, call string, form callForm) []analysis.TextEdit {
	if form == errCallForm {
		return []analysis.TextEdit{{Pos: op.Expr.Pos(), End: outer.End(), NewText: []byte(call)}}
	}
	return []analysis.TextEdit{replace(op.Expr, call)}
}

// resultEdit handles _, err := X.Result().
func (f fixer) resultEdit(op *lockmodel.Op, outer *ast.CallExpr, parent ast.Node, call string, form callForm) ([]analysis.TextEdit, bool) {
	as, ok := parent.(*ast.AssignStmt)
	if !ok || !blankFirstOfTwo(as, outer) {
		return nil, false
	}
	if form == cmdForm {
		return []analysis.TextEdit{replace(op.Expr, call)}, true
	}
	return []analysis.TextEdit{
		{Pos: as.Lhs[0].Pos(), End: as.Lhs[1].Pos()},
		replace(outer, call),
	}, true
}

// testedReplyEdit handles "r, err := X.Result()" followed by "if err !=
// nil || <r says it failed> {", r read nowhere else: the reply of EXPIRE
// (false: no key) or DEL (0: nothing deleted). The owner-checked call's
// error answers both, a token that differs included, so the statement
// becomes "err := call" and the condition "err != nil".
func (f fixer) testedReplyEdit(op *lockmodel.Op, outer *ast.CallExpr, call string, form callForm) ([]analysis.TextEdit, bool) {
	n := len(op.Stack)
	if n < 5 {
		return nil, false
	}
	as, isAssign := op.Stack[n-4].(*ast.AssignStmt)
	if !isAssign || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != outer {
		return nil, false
	}
	info := f.Pass.TypesInfo
	r, _ := info.Defs[analysisutil.NameOf(as.Lhs[0])].(*types.Var)
	errVar := analysisutil.VarOf(info, as.Lhs[1])
	ifs, ok := analysisutil.NextStmt(op.Stack[n-5], as).(*ast.IfStmt)
	if r == nil || errVar == nil || !ok || ifs.Init != nil {
		return nil, false
	}
	errTest, ok := f.errOrFailed(ast.Unparen(ifs.Cond), errVar, r)
	if !ok || f.uses(analysisutil.EnclosingBody(op.Stack), r) != 1 {
		return nil, false
	}
	errText, ok := fixedit.Text(f.Pass, errTest)
	if !ok {
		return nil, false
	}
	decl := " := "
	if info.Defs[analysisutil.NameOf(as.Lhs[1])] == nil {
		decl = " = " // err was declared before: r was the new variable
	}
	if form == cmdForm {
		call += ".Err()"
	}
	return []analysis.TextEdit{
		replace(as, errVar.Name()+decl+call),
		replace(ifs.Cond, errText),
	}, true
}

// errOrFailed returns the error test of cond when cond is "err != nil ||
// failed" (either way round), failed being a test of r that holds when
// the command did nothing: !r, r == false, r == 0, r < 1, r <= 0, r != 1.
func (f fixer) errOrFailed(cond ast.Expr, errVar, r *types.Var) (ast.Expr, bool) {
	or, ok := cond.(*ast.BinaryExpr)
	if !ok || or.Op != token.LOR {
		return nil, false
	}
	for _, pair := range [][2]ast.Expr{{or.X, or.Y}, {or.Y, or.X}} {
		if analysisutil.IsNonNilTest(f.Pass.TypesInfo, ast.Unparen(pair[0]), errVar) && f.failedTest(ast.Unparen(pair[1]), r) {
			return pair[0], true
		}
	}
	return nil, false
}

func (f fixer) failedTest(e ast.Expr, r *types.Var) bool {
	isR := func(x ast.Expr) bool { return analysisutil.VarOf(f.Pass.TypesInfo, x) == r }
	switch e := e.(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && isR(e.X)
	case *ast.BinaryExpr:
		v := f.Pass.TypesInfo.Types[e.Y].Value
		if !isR(e.X) || v == nil {
			return false
		}
		switch e.Op {
		case token.EQL:
			return v.ExactString() == "0" || v.ExactString() == "false"
		case token.LSS, token.NEQ:
			return v.ExactString() == "1"
		case token.LEQ:
			return v.ExactString() == "0"
		}
	}
	return false
}

// uses counts the identifiers under root that read or write v.
func (f fixer) uses(root ast.Node, v *types.Var) int {
	n := 0
	ast.Inspect(root, func(node ast.Node) bool {
		if id, ok := node.(*ast.Ident); ok && f.Pass.TypesInfo.Uses[id] == v {
			n++
		}
		return true
	})
	return n
}

func blankFirstOfTwo(as *ast.AssignStmt, rhs ast.Expr) bool {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != rhs {
		return false
	}
	return analysisutil.IsBlank(as.Lhs[0])
}

func replace(e ast.Node, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte(text)}
}

// statementForm rewrites a statement that dropped the error into
// "if err := call; err != nil { return err }", only in a function whose
// sole result is an error and only before a "return nil": the release's
// error then takes the place of a success, never of another error.
// Anywhere else there is no error handling to keep, and dropping the owner
// mismatch silently is what the rule is about.
func (f fixer) statementForm(op *lockmodel.Op, stmt ast.Stmt, call string, form callForm) ([]analysis.TextEdit, bool) {
	if edits, ok := f.watchdogForm(op, stmt, call, form); ok {
		return edits, true
	}
	if f.discard {
		return []analysis.TextEdit{replace(stmt, discarded(call, form))}, true
	}
	for _, n := range op.Stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return nil, false
		}
	}
	res := op.Func.Obj.Signature().Results()
	if res.Len() != 1 || !analysisutil.IsError(res.At(0).Type()) {
		return nil, false
	}
	if !followedByReturnNil(op.Stack, stmt) {
		return nil, false
	}
	head := "if err := " + call + "; err != nil {"
	switch form {
	case cmdForm:
		head = "if err := " + call + ".Err(); err != nil {"
	case replyErrForm:
		head = "if _, err := " + call + "; err != nil {"
	}
	indent := strings.Repeat("\t", f.Pass.Fset.Position(stmt.Pos()).Column-1)
	text := head + "\n" + indent + "\treturn err\n" + indent + "}"
	return []analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(text)}}, true
}

// failureForm rewrites the statement that sends op and drops its whole
// reply (DEL(...), or .Val(), .Err() or .Result() of it) into "if call
// fails { ... }", the block being the code's own answer to a token that
// differs (Spec.OnFailure), which then also answers a release that failed.
// redigo's call needs an err of its own, so the block must not name err.
func (f fixer) failureForm(op *lockmodel.Op, call string, form callForm) ([]analysis.TextEdit, bool) {
	stmt, ok := droppedStmt(op)
	body, textOK := fixedit.Text(f.Pass, f.onFailure)
	if !ok || !textOK {
		return nil, false
	}
	head := "if " + call + " != nil "
	switch form {
	case cmdForm:
		head = "if " + call + ".Err() != nil "
	case replyErrForm:
		if analysisutil.Find(f.onFailure, func(n ast.Node) (bool, bool) {
			id, ok := n.(*ast.Ident)
			return ok && id.Name == "err", true
		}) {
			return nil, false
		}
		head = "if _, err := " + call + "; err != nil "
	}
	return []analysis.TextEdit{replace(stmt, head+body)}, true
}

// droppedStmt returns the statement that sends op when it drops the whole
// reply: the call alone, or with one accessor taking no arguments.
func droppedStmt(op *lockmodel.Op) (*ast.ExprStmt, bool) {
	n := len(op.Stack)
	if s, ok := op.Stack[n-2].(*ast.ExprStmt); ok {
		return s, true
	}
	if _, _, ok := accessor(op.Stack); !ok {
		return nil, false
	}
	s, ok := op.Stack[n-4].(*ast.ExprStmt)
	return s, ok
}

// accessor returns the selector and the call of a reader taking no
// arguments called on the reply at the top of stack (X.Err(), X.Val(),
// X.Result()), when there is one and a node above it.
func accessor(stack []ast.Node) (*ast.SelectorExpr, *ast.CallExpr, bool) {
	n := len(stack)
	if n < 4 {
		return nil, nil, false
	}
	sel, ok1 := stack[n-2].(*ast.SelectorExpr)
	outer, ok2 := stack[n-3].(*ast.CallExpr)
	return sel, outer, ok1 && ok2 && outer.Fun == sel && len(outer.Args) == 0
}

// discarded returns call as a statement that drops its outcome in sight.
func discarded(call string, form callForm) string {
	switch form {
	case cmdForm:
		return "_ = " + call + ".Err()"
	case replyErrForm:
		return "_, _ = " + call
	}
	return "_ = " + call
}

// followedByReturnNil reports whether the statement after stmt in its block
// is "return nil".
func followedByReturnNil(stack []ast.Node, stmt ast.Stmt) bool {
	for i := 1; i < len(stack); i++ {
		if stack[i] != stmt {
			continue
		}
		block, ok := stack[i-1].(*ast.BlockStmt)
		if !ok {
			return false
		}
		for j, s := range block.List {
			if s == stmt && j+1 < len(block.List) {
				ret, ok := block.List[j+1].(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					return false
				}
				id, ok := ret.Results[0].(*ast.Ident)
				return ok && id.Name == "nil"
			}
		}
	}
	return false
}
