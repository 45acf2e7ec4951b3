package releasectx

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
)

// releaseSeconds is the bound the fix gives a detached release, in
// seconds: safelock's default for its own.
const releaseSeconds = "5"

// fixNames are the names the fix declares, in order of preference.
var fixNames = [][2]string{{"rctx", "cancel"}, {"releaseCtx", "cancelRelease"}}

// detachFix returns the fix of a release call whose context argument arg
// is done: before the statement that sends it,
//
//	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
//	defer cancel()
//
// and rctx in place of the argument. It returns false where that cannot
// be written safely: the statement is not directly in a statement list,
// the file's Go version is below go1.21 (context.WithoutCancel) or
// unknown, the names are taken, or the packages' names are shadowed.
func detachFix(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, arg ast.Expr) (analysis.SuggestedFix, bool) {
	if !hasWithoutCancel(pass, file) {
		return analysis.SuggestedFix{}, false
	}
	stmt, ok := sendingStmt(file, call)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	scope := pass.Pkg.Scope().Innermost(stmt.Pos())
	names, ok := freeNames(scope, stmt.Pos())
	argText, ok2 := fixedit.Text(pass, arg)
	indent, ok3 := fixedit.Indent(pass, stmt.Pos())
	if !ok || !ok2 || !ok3 {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	qual := map[string]string{}
	for _, path := range []string{"context", "time"} {
		name, imp := fixedit.AddImport(pass.Fset, file, path)
		if !packageVisible(pass, scope, stmt.Pos(), name, path, imp != nil) {
			return analysis.SuggestedFix{}, false
		}
		qual[path] = name
		edits = append(edits, imp...)
	}
	if overlapping(edits) { // two imports added to a file with one import line
		return analysis.SuggestedFix{}, false
	}
	decl := names[0] + ", " + names[1] + " := " + qual["context"] + ".WithTimeout(" + qual["context"] + ".WithoutCancel(" + argText + "), " +
		releaseSeconds + "*" + qual["time"] + ".Second)\n" + indent + "defer " + names[1] + "()\n" + indent
	edits = append(edits,
		analysis.TextEdit{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(decl)},
		analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(names[0])})
	return analysis.SuggestedFix{
		Message:   "Send the release with context.WithoutCancel(" + argText + ") under a " + releaseSeconds + "s timeout",
		TextEdits: edits,
	}, true
}

// hasWithoutCancel reports whether the file's Go version has
// context.WithoutCancel (go1.21).
func hasWithoutCancel(pass *analysis.Pass, file *ast.File) bool {
	v := pass.TypesInfo.FileVersions[file]
	if v == "" {
		v = pass.Pkg.GoVersion()
	}
	return v != "" && version.Compare(v, "go1.21") >= 0
}

// sendingStmt returns the statement, directly in a statement list, whose
// evaluation sends call: an expression statement, an assignment, a
// declaration or a return holding it, or an if whose init or condition
// does. Deferred and go statements run the call later, elsewhere.
func sendingStmt(file *ast.File, call *ast.CallExpr) (ast.Stmt, bool) {
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	i := slices.IndexFunc(path, func(n ast.Node) bool { _, ok := n.(ast.Stmt); return ok })
	if i < 0 {
		return nil, false
	}
	if i+1 < len(path) {
		if ifs, ok := path[i+1].(*ast.IfStmt); ok && ifs.Init == path[i] {
			i++ // if err := release(ctx); err != nil {
		}
	}
	switch s := path[i].(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.ReturnStmt:
	case *ast.IfStmt:
		if path[i-1] != s.Init && path[i-1] != s.Cond {
			return nil, false
		}
	default:
		return nil, false
	}
	if i+1 < len(path) {
		switch path[i+1].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return path[i].(ast.Stmt), true
		}
	}
	return nil, false
}

// freeNames returns the first pair of fixNames that nothing in scope
// declares and nothing visible at pos already names.
func freeNames(scope *types.Scope, pos token.Pos) ([2]string, bool) {
	for _, pair := range fixNames {
		free := true
		for _, n := range pair {
			if scope.Lookup(n) != nil {
				free = false
			}
			if _, obj := scope.LookupParent(n, pos); obj != nil {
				free = false
			}
		}
		if free {
			return pair, true
		}
	}
	return [2]string{}, false
}

// packageVisible reports whether name denotes the package path at pos:
// the file's import of it, or, when the fix adds the import, nothing
// else of that name in the package or around pos.
func packageVisible(pass *analysis.Pass, scope *types.Scope, pos token.Pos, name, path string, added bool) bool {
	_, obj := scope.LookupParent(name, pos)
	if added {
		return obj == nil && pass.Pkg.Scope().Lookup(name) == nil
	}
	pn, ok := obj.(*types.PkgName)
	return ok && pn.Imported().Path() == path
}

// overlapping reports whether two of the import edits replace the same
// text (fixedit.AddImport rewrites a lone import line into a group).
func overlapping(edits []analysis.TextEdit) bool {
	for i, e := range edits {
		for _, f := range edits[i+1:] {
			if e.Pos < f.End && f.Pos < e.End || (e.Pos != e.End && e.Pos == f.Pos) {
				return true
			}
		}
	}
	return false
}
