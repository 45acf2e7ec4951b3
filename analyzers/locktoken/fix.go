package locktoken

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// newTokenFix returns the fix that makes the single place choosing a
// constant lock value produce a fresh token per acquisition instead
// (freshToken: safelock.NewToken() on go-redis v9, crypto/rand's Text()
// on the other clients). It exists only when every use of the value is
// rewritten with it:
//
//   - the value is written in the acquire itself (a literal, a named
//     constant), nothing in the package reads the lock's value back (no
//     GET, no compare: ValueRead), and no other command on the key sends
//     the same constant (a script's argument that compares it);
//   - or it is read from a string field of a lock struct with exactly one
//     write in the package (its constructor), or a string local assigned
//     once, and the constant appears nowhere else in the package (a
//     release comparing with the literal would otherwise never match
//     again).
func newTokenFix(pass *analysis.Pass, m *lockmodel.Model, w tokenWrite, res provenance.Result) (analysis.SuggestedFix, bool) {
	if res.Kind() != provenance.Constant || w.op.Via != nil || w.genFunc || w.op.Kind != rediscall.Acquire {
		return analysis.SuggestedFix{}, false
	}
	rhs := ast.Unparen(w.value)
	inPlace := pass.TypesInfo.Types[rhs].Value != nil
	if inPlace && (m.ValueRead(w.op) || !takesString(pass, w.op.Expr, rhs)) {
		return analysis.SuggestedFix{}, false
	}
	if !inPlace {
		rhs = singleWrite(pass, m, w.value)
	}
	if rhs == nil {
		return analysis.SuggestedFix{}, false
	}
	old := pass.TypesInfo.Types[rhs].Value
	switch {
	case old == nil:
		return analysis.SuggestedFix{}, false
	case inPlace && sentByOtherCommand(pass, m, old, w.op):
		return analysis.SuggestedFix{}, false
	case !inPlace && (old.Kind() != constant.String || constantUsedElsewhere(pass, old, rhs)):
		return analysis.SuggestedFix{}, false
	}
	file := fileOf(pass, rhs.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	tok, edits, ok := freshToken(pass, file, w.op.Client, rhs.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, analysis.TextEdit{Pos: rhs.Pos(), End: rhs.End(), NewText: []byte(tok)})
	return analysis.SuggestedFix{Message: "Use a fresh " + tok + " for the lock value", TextEdits: edits}, true
}

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

func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}
