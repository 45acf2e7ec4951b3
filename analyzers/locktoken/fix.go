package locktoken

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// newTokenFix returns the fix that makes the single place choosing a
// weak lock value produce a fresh token per acquisition instead
// (freshToken: safelock.NewToken() on go-redis v9, crypto/rand's Text()
// on the other clients). It exists only when every use of the value is
// rewritten with it:
//
//   - a constant written in the acquire itself (a literal, a named
//     constant; not in a wrapper's call, whose body may send it again),
//     when nothing in the package reads the lock's value back
//     (no GET, no compare: ValueRead) and no other command on the key
//     sends the same constant (a script's argument that compares it);
//   - or a value read, at the acquire or at a wrapper's call, from a
//     string field of a lock struct with exactly
//     one write in the package (its constructor), or a string local
//     assigned once (singleWrite), where that write is a string constant
//     that appears nowhere else in the package (a release comparing with
//     the literal would otherwise never match again), or the expression
//     that reads the process identity or the clock (freshAtWrite);
//   - or, when neither holds, the defaults of variables that produce the
//     identity or the clock reading in each function building the lock,
//     a caller's argument taking their place otherwise (defaultsFix).
func newTokenFix(pass *analysis.Pass, m *lockmodel.Model, w tokenWrite, res provenance.Result) (analysis.SuggestedFix, bool) {
	if !res.Weak() || w.own != nil || w.genFunc || w.op.Kind != rediscall.Acquire {
		return analysis.SuggestedFix{}, false
	}
	rhs := ast.Unparen(w.value)
	inPlace := pass.TypesInfo.Types[rhs].Value != nil
	switch {
	case inPlace && (res.Kind() != provenance.Constant || w.op.Via != nil),
		inPlace && (m.ValueRead(w.op) || !takesString(pass, w.op.Expr, rhs)):
		return analysis.SuggestedFix{}, false
	case !inPlace:
		rhs = singleWrite(pass, m, w.value)
	}
	if !inPlace && (rhs == nil || !replaceable(pass, m, w, res, rhs, inPlace)) {
		return defaultsFix(pass, w, res)
	}
	if rhs == nil || !replaceable(pass, m, w, res, rhs, inPlace) {
		return analysis.SuggestedFix{}, false
	}
	return tokenFix(pass, w.op.Client, []ast.Expr{rhs})
}

// tokenFix returns the fix that replaces each of xs, the places choosing
// a weak lock value, with a fresh token (freshToken, once per place), and
// deletes the imports that only the old values used, but the token's own
// (strconv.FormatInt(time.Now()...) becomes strconv.FormatUint(...)).
func tokenFix(pass *analysis.Pass, client rediscall.Client, xs []ast.Expr) (analysis.SuggestedFix, bool) {
	var imports, replaced, deleted []analysis.TextEdit
	var files []*ast.File
	toks := map[*ast.File]tokenExpr{}
	for _, x := range xs {
		file := analysisutil.FileOf(pass.Files, x.Pos())
		if file == nil {
			return analysis.SuggestedFix{}, false
		}
		tok, imp, ok := freshToken(pass, file, client, x.Pos())
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		if _, seen := toks[file]; !seen {
			files, toks[file] = append(files, file), tok
			imports = append(imports, imp...) // the same edits at every place of one file
		}
		replaced = append(replaced, analysis.TextEdit{Pos: x.Pos(), End: x.End(), NewText: []byte(tok.expr)})
	}
	for _, file := range files {
		tok := toks[file]
		for _, path := range fixedit.ImportsOnlyIn(pass, file, replaced) {
			if path == tok.path || path == tok.conv {
				continue
			}
			del, ok := fixedit.DeleteImport(pass.Fset, file, path)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			deleted = append(deleted, del)
		}
	}
	edits := append(append(imports, replaced...), deleted...)
	return analysis.SuggestedFix{Message: "Use a fresh " + toks[files[0]].expr + " for the lock value", TextEdits: edits}, true
}

// replaceable reports whether rhs, the expression that chooses w's weak
// value (res), can be replaced by a fresh token with nothing else to
// rewrite (see newTokenFix).
func replaceable(pass *analysis.Pass, m *lockmodel.Model, w tokenWrite, res provenance.Result, rhs ast.Expr, inPlace bool) bool {
	old := pass.TypesInfo.Types[rhs].Value
	switch {
	case old == nil:
		return !inPlace && freshAtWrite(pass, res, rhs)
	case inPlace:
		return !sentByOtherCommand(pass, m, old, w.op)
	}
	return old.Kind() == constant.String && !constantUsedElsewhere(pass, old, rhs)
}

// freshAtWrite reports whether rhs, the only write of a string field or
// local, is where the whole weak value is produced (every part of res),
// so that a fresh token there replaces it everywhere: an identity
// (os.Hostname(), a helper that formats the pid) or a clock reading that
// no other call of the package computes again, since a release that
// recomputes it to compare would stop matching. A reading of the clock
// itself (time.Now()) is never computed again.
//
// The value may be produced in helpers of the package that rhs calls
// (a function formatting the pid with the goroutine id, itself calling
// two more): every function rhs reaches through calls of the package
// counts as rhs, so none of them may be called from anywhere else.
func freshAtWrite(pass *analysis.Pass, res provenance.Result, rhs ast.Expr) bool {
	if k := res.Kind(); k != provenance.Instance && k != provenance.Clock {
		return false
	}
	helpers := helpersOf(pass, rhs)
	within := func(pos token.Pos) bool {
		if rhs.Pos() <= pos && pos < rhs.End() {
			return true
		}
		for _, fd := range helpers {
			if fd.Pos() <= pos && pos < fd.End() {
				return true
			}
		}
		return false
	}
	for _, p := range res.Parts {
		if p.Kind == provenance.Constant && !p.Pos.IsValid() {
			continue // a literal part: "pid-" + ...
		}
		if !within(p.Pos) {
			return false // a constant, an identity or a clock reading passed in
		}
	}
	return !calledElsewhere(pass, rhs, helpers)
}

// helpersOf returns the declarations of the package's functions (no
// methods) that calls in rhs reach, directly or through one another.
func helpersOf(pass *analysis.Pass, rhs ast.Expr) map[*types.Func]*ast.FuncDecl {
	decls := funcDecls(pass)
	found := map[*types.Func]*ast.FuncDecl{}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if fd := decls[fn]; fd != nil && found[fn] == nil {
				found[fn] = fd
				visit(fd.Body)
			}
			return true
		})
	}
	visit(rhs)
	return found
}

// calledElsewhere reports whether a function that rhs or one of helpers
// (the package's functions rhs reaches) calls, other than the standard
// library's formatting (fmt, strconv, strings) and clock (time), or one of
// those helpers, is called in the package outside rhs and the helpers.
func calledElsewhere(pass *analysis.Pass, rhs ast.Expr, helpers map[*types.Func]*ast.FuncDecl) bool {
	callees := map[*types.Func]bool{}
	inside := map[ast.Node]bool{rhs: true}
	for fn, fd := range helpers {
		callees[fn], inside[fd] = true, true
	}
	for n := range inside { // the identity's sources too: a release may read os.Getpid() itself
		ast.Inspect(n, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func); ok && fn.Pkg() != nil && !formatting[fn.Pkg().Path()] {
					callees[fn] = true
				}
			}
			return true
		})
	}
	for _, file := range pass.Files {
		if analysisutil.Find(file, func(n ast.Node) (bool, bool) {
			call, ok := n.(*ast.CallExpr)
			if inside[n] || !ok {
				return false, !inside[n]
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			return callees[fn], true
		}) {
			return true
		}
	}
	return false
}

// formatting are the packages whose functions only format a value, or
// read a clock that no second call reads the same.
var formatting = map[string]bool{"fmt": true, "strconv": true, "strings": true, "time": true}

// singleWrite returns the only expression ever assigned to the string
// variable or field that e reads, or nil.
func singleWrite(pass *analysis.Pass, m *lockmodel.Model, e ast.Expr) ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[e].(*types.Var)
		if !ok || !isString(v.Type()) || v.Parent() == pass.Pkg.Scope() {
			return nil
		}
		return m.Env.LocalInit(e)
	case *ast.SelectorExpr:
		f, ok := pass.TypesInfo.Uses[e.Sel].(*types.Var)
		if !ok || !f.IsField() || f.Pkg() != pass.Pkg || !isString(f.Type()) {
			return nil
		}
		return onlyFieldWrite(pass, f)
	}
	return nil
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// onlyFieldWrite returns the value of the only write of field f in the
// package (a keyed literal element or an assignment), or nil when there
// are several, an unkeyed literal, or its address is taken.
func onlyFieldWrite(pass *analysis.Pass, f *types.Var) ast.Expr {
	var found []ast.Expr
	bad := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				found, bad = literalWrite(pass, n, f, found, bad)
			case *ast.AssignStmt:
				found, bad = assignWrite(pass, n, f, found, bad)
			case *ast.UnaryExpr:
				bad = bad || (n.Op == token.AND && isFieldRef(pass, n.X, f))
			case *ast.IncDecStmt:
				bad = bad || isFieldRef(pass, n.X, f)
			}
			return !bad
		})
	}
	if bad || len(found) != 1 {
		return nil
	}
	return found[0]
}

func literalWrite(pass *analysis.Pass, lit *ast.CompositeLit, f *types.Var, found []ast.Expr, bad bool) ([]ast.Expr, bool) {
	st, ok := pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !ok || !hasField(st, f) {
		return found, bad
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return found, true // unkeyed: every field is written
		}
		if id, ok := kv.Key.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == f {
			found = append(found, kv.Value)
		}
	}
	return found, bad
}

func assignWrite(pass *analysis.Pass, as *ast.AssignStmt, f *types.Var, found []ast.Expr, bad bool) ([]ast.Expr, bool) {
	for i, lhs := range as.Lhs {
		if !isFieldRef(pass, lhs, f) {
			continue
		}
		if len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN {
			return found, true
		}
		found = append(found, as.Rhs[i])
	}
	return found, bad
}

func hasField(st *types.Struct, f *types.Var) bool {
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

func isFieldRef(pass *analysis.Pass, e ast.Expr, f *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && pass.TypesInfo.Uses[sel.Sel] == f
}

// constantUsedElsewhere reports whether a string constant equal to old is
// used in the package other than in rhs: a release comparing with it, or
// a GET compared with it, would stop matching after the fix.
func constantUsedElsewhere(pass *analysis.Pass, old constant.Value, rhs ast.Expr) bool {
	used := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if n == rhs || used {
				return false
			}
			if gd, ok := n.(*ast.GenDecl); ok && gd.Tok == token.CONST {
				return false
			}
			if e, ok := n.(ast.Expr); ok {
				// constant.Compare is only meaningful between values of
				// one kind: a duration constant is no use of the string.
				if tv, ok := pass.TypesInfo.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.Compare(tv.Value, token.EQL, old) {
					used = true
				}
			}
			return !used
		})
	}
	return used
}

// sentByOtherCommand reports whether a command of the package on acq's
// key (its identity or family), other than an acquire, sends a constant
// equal to old among its arguments: a script that compares it.
func sentByOtherCommand(pass *analysis.Pass, m *lockmodel.Model, old constant.Value, acq *lockmodel.Op) bool {
	for _, op := range m.Ops {
		sameKey := op.Key.ID == acq.Key.ID || op.Key.Family != "" && op.Key.Family == acq.Key.Family
		if op == acq || !sameKey || op.Role == rediscall.RoleAcquire {
			continue
		}
		found := analysisutil.Find(op.Expr, func(n ast.Node) (bool, bool) {
			e, ok := n.(ast.Expr)
			if !ok {
				return false, true
			}
			v := pass.TypesInfo.Types[e].Value
			return v != nil && v.Kind() == old.Kind() && constant.Compare(v, token.EQL, old), true
		})
		if found {
			return true
		}
	}
	return false
}
