package getdel

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerfix"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// wholeFix returns the fix that turns the whole GET, compare and write
// into one owner-checked call (ownerfix), in the shapes people write:
//
//   - guarded: if v == token { write }, no else, the write alone in the
//     body. A dropped write becomes the call with its outcome discarded in
//     sight (a mismatch did nothing before and does nothing now); a
//     returned one (return write.Err()) is returned, when the statement
//     after the if returns an error, so a mismatch stays an error.
//   - early return: if v != token { return err } and the write right
//     after it: the if goes, and the write becomes the call, whose error
//     now says the token differs; with return nil before a returned
//     write, a token that differs stays a success (keepMismatch).
//   - early answer: if v != token { return false } (any return that is
//     not an error) and a write right after it that drops its reply: the
//     if goes, and the write becomes "if the call fails { return false }",
//     so a release that failed is answered like a token that differs
//     (answersFailure says when).
//
// The GET goes with the compare: in the condition, or a statement right
// before it (with, in the shapes whose outcome is returned, the checks of
// its error in between), when what it assigns is used nowhere else.
func wholeFix(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op, gc *lockmodel.GetCompare, refresh bool) (analysis.SuggestedFix, bool) {
	if gc.InHelper {
		return analysis.SuggestedFix{}, false // the compare is written in another function
	}
	ifStmt, block, ok := compareIf(op, gc)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	spec := ownerfix.Spec{Op: op, Token: gc.Token, TokenIn: op.Func, Refresh: refresh}
	sh, ok := shapeOf(pass, op, gc, ifStmt, block, &spec)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	removed := sh.removed
	get, ok := removeGet(pass, gc, ifStmt, block, spec)
	var kept []analysis.TextEdit
	if !ok && (sh.mismatch != nil || sh.early) {
		kept, ok = keepGet(pass, gc, ifStmt, block)
	}
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	removed = append(removed, get...)
	if redeclares(pass, ifStmt, append(slices.Clone(removed), kept...)) {
		return analysis.SuggestedFix{}, false
	}
	var moved ast.Node // the answer written again as the release's (not a nil *BlockStmt)
	if spec.OnFailure != nil {
		moved = spec.OnFailure
	}
	tidy, ok := fixedit.Tidy(pass, op.Func.File, op.Func.Decl, append(slices.Clone(removed), kept...), moved)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	fix, ok := ownerfix.Fix(pass, m.Env, spec)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if sh.mismatch != nil && op.Reply.Consumer == replyuse.Returned {
		if fix.TextEdits, tidy, ok = keepMismatch(pass, op, stmtOf(op), sh.at, sh.mismatch, fix.TextEdits, tidy); !ok {
			return analysis.SuggestedFix{}, false
		}
	}
	fix.TextEdits = append(append(append(fix.TextEdits, removed...), tidy...), kept...)
	return fix, true
}

// A shape is how the compare's if stands around the write (wholeFix).
type shape struct {
	removed  []analysis.TextEdit // the edits that take the if away
	mismatch ast.Expr            // the error the code answered a different token with, or nil
	at       token.Pos           // where the write starts once the fix is applied
	early    bool                // the early answer that is not an error
}

// shapeOf returns the shape of the compare's if and the write, and sets
// spec's Discard or OnFailure to match.
func shapeOf(pass *analysis.Pass, op *lockmodel.Op, gc *lockmodel.GetCompare, ifStmt *ast.IfStmt, block *ast.BlockStmt, spec *ownerfix.Spec) (shape, bool) {
	write := stmtOf(op)
	sh := shape{at: write.Pos()}
	cmp, ok := gc.Cmp.(*ast.BinaryExpr) // not a call such as strings.EqualFold
	if !ok {
		return sh, false
	}
	if len(ifStmt.Body.List) == 2 && (cmp.Op != token.EQL || !errThenReturn(pass, write, ifStmt.Body)) {
		return sh, false
	}
	switch {
	case cmp.Op == token.EQL && ifStmt.Body.List[0] == write:
		var returned bool
		sh.removed, returned, ok = unwrapGuard(pass, op, ifStmt, block)
		spec.Discard = !returned
		if returned {
			sh.mismatch, sh.at = analysisutil.NextStmt(block, ifStmt).(*ast.ReturnStmt).Results[0], ifStmt.Pos()
		}
		return sh, ok
	case cmp.Op != token.NEQ || analysisutil.NextStmt(block, ifStmt) != write:
		return sh, false
	case returnsError(pass, ifStmt.Body):
		sh.mismatch = ifStmt.Body.List[0].(*ast.ReturnStmt).Results[0]
	case returnsNilBeforeReturned(pass, op, ifStmt.Body):
		sh.mismatch = ifStmt.Body.List[0].(*ast.ReturnStmt).Results[0]
	case answersFailure(pass, op, gc, ifStmt, block):
		sh.early = true
		// a bare return where the function ends anyway answers nothing
		if ret := ifStmt.Body.List[0].(*ast.ReturnStmt); len(ret.Results) > 0 || analysisutil.NextStmt(block, write) != nil {
			spec.OnFailure = ifStmt.Body
		} else {
			spec.Discard = true
		}
	default:
		return sh, false
	}
	e, ok := fixedit.DeleteStmt(pass.Fset, op.Func.File, block, ifStmt)
	sh.removed = []analysis.TextEdit{e}
	return sh, ok
}

// keepMismatch rewrites a returned safelock call so that a token that
// differs is still answered with the code's own error, when that is a
// package-level sentinel (var ErrNotHeld = errors.New(...)) that callers
// may test with errors.Is:
//
//	if err := safelock.Release(...); !errors.Is(err, safelock.ErrNotOwner) {
//		return err
//	}
//	return ErrNotHeld
//
// A mismatch answered with nil stays a success the same way. Any other
// mismatch error is left to the call's own (it stays an error).
// The errors import is added, or kept when tidy would have dropped it. at
// is where the rewritten statement starts once the fix is applied.
func keepMismatch(pass *analysis.Pass, op *lockmodel.Op, write ast.Stmt, at token.Pos, mismatch ast.Expr, edits, tidy []analysis.TextEdit) ([]analysis.TextEdit, []analysis.TextEdit, bool) {
	ret, isRet := write.(*ast.ReturnStmt)
	i := slices.IndexFunc(edits, func(e analysis.TextEdit) bool { return write.Pos() <= e.Pos && e.End <= write.End() })
	success := pass.TypesInfo.Types[mismatch].IsNil()
	if op.Client != rediscall.GoRedisV9 || !isRet || len(ret.Results) != 1 || i < 0 {
		return edits, tidy, !success // a success must stay one
	}
	if !success && !isSentinel(pass, mismatch) {
		return edits, tidy, true
	}
	call := string(edits[i].NewText)
	lib, _, ok := strings.Cut(call, ".")
	text, textOK := fixedit.Text(pass, mismatch)
	indent, indentOK := fixedit.Indent(pass, at)
	if !ok || !textOK || !indentOK || strings.Contains(call, "\n") {
		return nil, nil, false
	}
	errs, imp := fixedit.AddImport(pass.Fset, op.Func.File, "errors")
	tidy = slices.DeleteFunc(slices.Clone(tidy), func(e analysis.TextEdit) bool { return deletesImport(pass, op.Func.File, e, "errors") })
	stmt := "if err := " + call + "; !" + errs + ".Is(err, " + lib + ".ErrNotOwner) {\n" +
		indent + "\treturn err\n" + indent + "}\n" + indent + "return " + text
	edits = slices.Delete(slices.Clone(edits), i, i+1)
	edits = append(edits, analysis.TextEdit{Pos: ret.Pos(), End: ret.End(), NewText: []byte(stmt)})
	return append(edits, imp...), tidy, true
}

// isSentinel reports whether e names a package-level error variable.
func isSentinel(pass *analysis.Pass, e ast.Expr) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return false
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	return ok && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// deletesImport reports whether e is the deletion of file's import of path.
func deletesImport(pass *analysis.Pass, file *ast.File, e analysis.TextEdit, path string) bool {
	for _, imp := range file.Imports {
		if imp.Path.Value == strconv.Quote(path) {
			return e.Pos <= imp.Pos() && imp.End() <= e.End
		}
	}
	return false
}

// compareIf returns the if statement whose condition is the compare,
// with no else and a body of one statement, and the block it stands in.
func compareIf(op *lockmodel.Op, gc *lockmodel.GetCompare) (*ast.IfStmt, *ast.BlockStmt, bool) {
	var found *ast.IfStmt
	var in *ast.BlockStmt
	ast.Inspect(op.Func.Decl.Body, func(n ast.Node) bool {
		block, ok := n.(*ast.BlockStmt)
		if !ok || found != nil {
			return found == nil
		}
		for _, s := range block.List {
			if s, ok := s.(*ast.IfStmt); ok && ast.Unparen(s.Cond) == gc.Cmp {
				found, in = s, block
			}
		}
		return found == nil
	})
	if found == nil || found.Else != nil || len(found.Body.List) == 0 || len(found.Body.List) > 2 {
		return nil, nil, false
	}
	return found, in, true
}

// stmtOf returns the statement that issues op: the one directly in a block.
func stmtOf(op *lockmodel.Op) ast.Stmt {
	_, s := fixedit.BlockStmt(op.Stack)
	return s
}

// returnsError reports whether body is return E with E a non-nil error:
// of type error, or of a type that implements it (an application's own
// errors.New answering a *Error) returned by a function whose result is
// an error.
func returnsError(pass *analysis.Pass, body *ast.BlockStmt) bool {
	ret, ok := body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	tv := pass.TypesInfo.Types[ret.Results[0]]
	if tv.IsNil() || tv.Type == nil {
		return false
	}
	errType := types.Universe.Lookup("error").Type()
	if types.Identical(tv.Type, errType) {
		return true
	}
	sig := enclosingSignature(pass, ret)
	return sig != nil && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), errType) &&
		types.Implements(tv.Type, errType.Underlying().(*types.Interface))
}

// enclosingSignature returns the signature of the innermost function
// that holds n, or nil.
func enclosingSignature(pass *analysis.Pass, n ast.Node) *types.Signature {
	f := analysisutil.FileOf(pass.Files, n.Pos())
	if f == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(f, n.Pos(), n.End())
	for _, p := range path {
		switch fn := p.(type) {
		case *ast.FuncLit:
			sig, _ := pass.TypesInfo.TypeOf(fn).(*types.Signature)
			return sig
		case *ast.FuncDecl:
			if obj, ok := pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
				return obj.Signature()
			}
			return nil
		}
	}
	return nil
}

// returnsErrorOrNil reports whether ret returns an error, or nil when
// keepMismatch can keep a token that differs a success (safelock's
// ErrNotOwner tells it apart; a script's error reply does not).
func returnsErrorOrNil(pass *analysis.Pass, op *lockmodel.Op, ret *ast.ReturnStmt) bool {
	if len(ret.Results) == 1 && pass.TypesInfo.Types[ret.Results[0]].IsNil() {
		return op.Client == rediscall.GoRedisV9
	}
	return returnsError(pass, &ast.BlockStmt{List: []ast.Stmt{ret}})
}

// returnsNilBeforeReturned reports whether body is return nil, the
// answer to a token that differs, before a write whose error is returned
// (if v != token { return nil }; return rdb.Del(...).Err()): keepMismatch
// keeps the mismatch a success.
func returnsNilBeforeReturned(pass *analysis.Pass, op *lockmodel.Op, body *ast.BlockStmt) bool {
	ret, ok := body.List[0].(*ast.ReturnStmt)
	return ok && op.Reply.Consumer == replyuse.Returned && op.Reply.ErrOnly != "" &&
		len(ret.Results) == 1 && pass.TypesInfo.Types[ret.Results[0]].IsNil() && returnsErrorOrNil(pass, op, ret)
}

// unwrapGuard returns the edits that leave the guarded write in the if's
// place: its opening and closing go, and, when the write is returned, the
// error return after the if (the mismatch's answer, which keepMismatch or
// the call's own error then gives). The write must be on one line, so
// that no line changes indentation.
func unwrapGuard(pass *analysis.Pass, op *lockmodel.Op, ifStmt *ast.IfStmt, block *ast.BlockStmt) ([]analysis.TextEdit, bool, bool) {
	body := ifStmt.Body.List
	write, last := body[0], body[len(body)-1]
	tf := pass.Fset.File(write.Pos())
	for _, s := range body {
		if tf.Line(s.Pos()) != tf.Line(s.End()) || ifStmt.Init != nil {
			return nil, false, false
		}
	}
	edits := []analysis.TextEdit{{Pos: ifStmt.Pos(), End: write.Pos()}, {Pos: last.End(), End: ifStmt.End()}}
	if len(body) == 2 {
		e, ok := dedentNext(pass, op.Func.File, ifStmt, write, last)
		if !ok {
			return nil, false, false
		}
		edits = append(edits, e)
	}
	returned := len(body) == 2
	switch write.(type) {
	case *ast.ExprStmt:
		return edits, false, true
	case *ast.ReturnStmt:
		returned = op.Reply.Consumer == replyuse.Returned && op.Reply.ErrOnly != ""
	}
	after, ok := analysisutil.NextStmt(block, ifStmt).(*ast.ReturnStmt)
	if !returned || !ok || !returnsErrorOrNil(pass, op, after) || len(body) == 2 && !keepsNoMismatch(pass, op, after) {
		return nil, false, false
	}
	del, ok := fixedit.DeleteStmt(pass.Fset, op.Func.File, block, after)
	return append(edits, del), true, ok
}

// keepsNoMismatch reports whether after, the answer to a token that
// differs, is one the release's own error may take over when the write
// was assigned before it was returned (keepMismatch rewrites only a
// returned write): an error that is not a go-redis v9 sentinel, which
// callers could test and safelock's fix would otherwise keep.
func keepsNoMismatch(pass *analysis.Pass, op *lockmodel.Op, after *ast.ReturnStmt) bool {
	if !returnsError(pass, &ast.BlockStmt{List: []ast.Stmt{after}}) {
		return false
	}
	return op.Client != rediscall.GoRedisV9 || !isSentinel(pass, after.Results[0])
}

// errThenReturn reports whether body is the write, its error assigned to
// a new variable, and a return of that variable: _, err := conn.Do("DEL",
// key); return err, or err := rdb.Del(ctx, key).Err(); return err. That
// returns the write's error, as return rdb.Del(ctx, key).Err() does.
func errThenReturn(pass *analysis.Pass, write ast.Stmt, body *ast.BlockStmt) bool {
	as, ok := body.List[0].(*ast.AssignStmt)
	ret, isRet := body.List[1].(*ast.ReturnStmt)
	if !ok || !isRet || as != write || as.Tok != token.DEFINE || len(as.Rhs) != 1 || len(as.Lhs) > 2 || len(ret.Results) != 1 {
		return false
	}
	if len(as.Lhs) == 2 && !analysisutil.IsBlank(as.Lhs[0]) {
		return false
	}
	errVar := analysisutil.VarOf(pass.TypesInfo, as.Lhs[len(as.Lhs)-1])
	return errVar != nil && analysisutil.IsError(errVar.Type()) && analysisutil.VarOf(pass.TypesInfo, ret.Results[0]) == errVar
}

// dedentNext returns the edit that puts second, the statement after first
// in the if's body, at the if's indentation once the if is unwrapped. A
// comment at the end of first's line stays; one on a line between them
// means no edit.
func dedentNext(pass *analysis.Pass, file *ast.File, ifStmt *ast.IfStmt, first, second ast.Stmt) (analysis.TextEdit, bool) {
	indent, ok := fixedit.Indent(pass, ifStmt.Pos())
	tf := pass.Fset.File(first.Pos())
	from := first.End()
	for _, cg := range file.Comments {
		switch {
		case cg.Pos() < first.End() || second.Pos() <= cg.Pos():
		case tf.Line(cg.Pos()) == tf.Line(first.End()) && tf.Line(cg.End()) == tf.Line(first.End()):
			from = cg.End()
		default:
			return analysis.TextEdit{}, false
		}
	}
	return analysis.TextEdit{Pos: from, End: second.Pos(), NewText: []byte("\n" + indent)}, ok
}

// redeclares reports whether unwrapping the compare's if would declare a
// name its body declares with := again in the block it moves to: a
// variable of that block that the fix does not delete (removed).
func redeclares(pass *analysis.Pass, ifStmt *ast.IfStmt, removed []analysis.TextEdit) bool {
	as, ok := ifStmt.Body.List[0].(*ast.AssignStmt)
	scope := pass.TypesInfo.Scopes[ifStmt]
	if !ok || len(ifStmt.Body.List) == 1 || scope == nil || scope.Parent() == nil {
		return false
	}
	for _, lhs := range as.Lhs {
		id, _ := lhs.(*ast.Ident)
		if id == nil || id.Name == "_" {
			continue
		}
		obj := scope.Parent().Lookup(id.Name)
		if obj != nil && !slices.ContainsFunc(removed, func(e analysis.TextEdit) bool { return e.Pos <= obj.Pos() && obj.Pos() < e.End }) {
			return true
		}
	}
	return false
}

// removeGet returns the edits that delete the GET when it is a statement
// of its own before the compare's if (v := GET, v, err := GET, or the same
// with =): directly before it, or, unless the outcome is discarded, with
// only checks of its error in between that leave the function. Nothing
// when the GET is in the if's condition or init: it goes with the if.
func removeGet(pass *analysis.Pass, gc *lockmodel.GetCompare, ifStmt *ast.IfStmt, block *ast.BlockStmt, spec ownerfix.Spec) ([]analysis.TextEdit, bool) {
	get, discard := gc.Get, spec.Discard
	if ifStmt.Pos() <= get.Pos() && get.Expr.End() <= ifStmt.End() {
		return nil, true
	}
	as, ok := get.Reply.Parent.(*ast.AssignStmt)
	if !ok || get.Reply.Consumer != replyuse.Assigned || len(as.Lhs) > 2 {
		return nil, false
	}
	k, j := slices.Index(block.List, ast.Stmt(as)), slices.Index(block.List, ast.Stmt(ifStmt))
	if k < 0 || j <= k {
		return nil, false
	}
	var errVar types.Object
	if len(as.Lhs) == 2 {
		if id, ok := as.Lhs[1].(*ast.Ident); ok {
			errVar = pass.TypesInfo.ObjectOf(id)
		}
	}
	for _, s := range block.List[k+1 : j] {
		if discard && !(endsFunc(spec.Op, block) && bareReturnCheck(pass, s, errVar)) ||
			!discard && !errCheck(pass, s, errVar, spec.OnFailure) {
			return nil, false
		}
	}
	for _, lhs := range as.Lhs {
		id, ok := lhs.(*ast.Ident)
		if !ok {
			return nil, false
		}
		if v, ok := pass.TypesInfo.ObjectOf(id).(*types.Var); ok && usedAfter(pass, v, ifStmt.End()) {
			return nil, false
		}
	}
	e, ok := fixedit.DeleteStmts(pass.Fset, get.Func.File, block, as, block.List[j-1])
	return []analysis.TextEdit{e}, ok
}

// keepGet returns the edit that keeps a GET whose own error checks answer
// before the compare (if err == redis.Nil { return nil }: a missing key
// is no failure), when removeGet cannot take them: only the value goes
// (val, err := GET becomes _, err := GET), since the compare it fed is
// now the release's, and the checks stay as they were. The value must be
// used nowhere but in the compare, and err must stay a new variable where
// := declares it.
func keepGet(pass *analysis.Pass, gc *lockmodel.GetCompare, ifStmt *ast.IfStmt, block *ast.BlockStmt) ([]analysis.TextEdit, bool) {
	as, ok := gc.Get.Reply.Parent.(*ast.AssignStmt)
	if !ok || gc.Get.Reply.Consumer != replyuse.Assigned || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil, false
	}
	if k, j := slices.Index(block.List, ast.Stmt(as)), slices.Index(block.List, ast.Stmt(ifStmt)); k < 0 || j <= k {
		return nil, false
	}
	val, ok1 := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	if !ok1 || !ok2 || analysisutil.IsBlank(val) || as.Tok == token.DEFINE && pass.TypesInfo.Defs[errID] == nil {
		return nil, false
	}
	v, ok := pass.TypesInfo.ObjectOf(val).(*types.Var)
	if !ok || !usedOnlyIn(pass, v, gc.Cmp) {
		return nil, false
	}
	return []analysis.TextEdit{{Pos: val.Pos(), End: val.End(), NewText: []byte("_")}}, true
}

// usedOnlyIn reports whether every use of v is inside n.
func usedOnlyIn(pass *analysis.Pass, v *types.Var, n ast.Node) bool {
	for id, obj := range pass.TypesInfo.Uses {
		if obj == v && (id.Pos() < n.Pos() || id.End() > n.End()) {
			return false
		}
	}
	return true
}

// errCheck reports whether s is if cond { ...; return err } with no init
// or else, cond reads errVar and err is a non-nil error: the handling of
// the GET's error, which the release's own error takes over. With
// onFailure, a check whose body is the same code as onFailure's is one
// too: the failed release is answered with that code.
func errCheck(pass *analysis.Pass, s ast.Stmt, errVar types.Object, onFailure *ast.BlockStmt) bool {
	ifStmt, ok := s.(*ast.IfStmt)
	if !ok || errVar == nil || ifStmt.Init != nil || ifStmt.Else != nil || len(ifStmt.Body.List) == 0 {
		return false
	}
	v, ok := errVar.(*types.Var)
	if !ok || !analysisutil.Uses(pass.TypesInfo, ifStmt.Cond, v) {
		return false
	}
	if onFailure != nil && sameText(pass, ifStmt.Body, onFailure) {
		return true
	}
	ret, ok := ifStmt.Body.List[len(ifStmt.Body.List)-1].(*ast.ReturnStmt)
	// a GET failure (a missing key) answered with success must stay one
	return ok && returnsError(pass, &ast.BlockStmt{List: []ast.Stmt{ret}})
}

// endsFunc reports whether op's write, or the if that holds it, is the
// last statement of block, the body of its function: a failed GET that
// returned early skipped nothing else.
func endsFunc(op *lockmodel.Op, block *ast.BlockStmt) bool {
	if block != analysisutil.EnclosingBody(op.Stack) || len(block.List) == 0 {
		return false
	}
	last := block.List[len(block.List)-1]
	return last.Pos() <= op.Pos() && op.Pos() < last.End()
}

// bareReturnCheck reports whether s is if cond { return }, cond reading
// errVar: a failed GET that did nothing, as a release whose outcome is
// discarded does nothing.
func bareReturnCheck(pass *analysis.Pass, s ast.Stmt, errVar types.Object) bool {
	ifStmt, ok := s.(*ast.IfStmt)
	if !ok || errVar == nil || ifStmt.Init != nil || ifStmt.Else != nil || len(ifStmt.Body.List) != 1 {
		return false
	}
	ret, ok := ifStmt.Body.List[0].(*ast.ReturnStmt)
	v, isVar := errVar.(*types.Var)
	return ok && len(ret.Results) == 0 && isVar && analysisutil.Uses(pass.TypesInfo, ifStmt.Cond, v)
}

// sameText reports whether a and b are written the same.
func sameText(pass *analysis.Pass, a, b ast.Node) bool {
	ta, ok1 := fixedit.Text(pass, a)
	tb, ok2 := fixedit.Text(pass, b)
	return ok1 && ok2 && ta == tb
}

// answersFailure reports whether the compare's if answers a token that
// differs with a return of its own that a failed release can share: one
// return statement, not of an error (returnsError's shape), reading none
// of the GET's variables, and the write after the if is the last thing
// the function does before returning (nothing else is skipped when the
// release fails), its reply dropped.
func answersFailure(pass *analysis.Pass, op *lockmodel.Op, gc *lockmodel.GetCompare, ifStmt *ast.IfStmt, block *ast.BlockStmt) bool {
	if _, ok := ifStmt.Body.List[0].(*ast.ReturnStmt); !ok || ifStmt.Init != nil || op.Reply.Consumer != replyuse.Dropped {
		return false
	}
	if as, ok := gc.Get.Reply.Parent.(*ast.AssignStmt); ok {
		for _, lhs := range as.Lhs {
			if v := analysisutil.VarOf(pass.TypesInfo, lhs); v != nil && analysisutil.Uses(pass.TypesInfo, ifStmt.Body, v) {
				return false
			}
		}
	}
	switch analysisutil.NextStmt(block, stmtOf(op)).(type) {
	case nil:
		return block == analysisutil.EnclosingBody(op.Stack)
	case *ast.ReturnStmt:
		return true
	}
	return false
}

// usedAfter reports whether v is used at or after pos.
func usedAfter(pass *analysis.Pass, v *types.Var, pos token.Pos) bool {
	for id, obj := range pass.TypesInfo.Uses {
		if obj == v && id.Pos() >= pos {
			return true
		}
	}
	return false
}
