package setnxexpire

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/analysis"
)

const gredisPath = "github.com/gogf/gf/v2/database/gredis"

// goFrameTTLFields are the TTLOption fields that take the TTL of each
// gredis expire, in its own unit.
var goFrameTTLFields = map[string]string{"Expire": "EX", "PExpire": "PX"}

// foldGoFrameTTL returns the edits that give a gredis acquire the TTL of
// the Expire or PExpire after it. gredis's SetNX takes no TTL, so
//
//	ok, err := r.SetNX(ctx, key, value)
//
// becomes r.Set(ctx, key, value, gredis.SetOption{NX: true, TTLOption:
// gredis.TTLOption{EX: new(ttl)}}), whose reply is a *gvar.Var that is
// nil when the key was held: every read of ok is rewritten (!ok becomes
// ok.IsNil(), ok becomes !ok.IsNil()). A Set with SetOption{NX: true}
// gets the TTLOption field. The option's fields are pointers, written
// with new(expr), which needs Go 1.26.
func foldGoFrameTTL(pass *analysis.Pass, acq, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	field := goFrameTTLFields[exp.Method]
	ttl, ok := fixedit.Text(pass, exp.TTL)
	if field == "" || exp.TTLAt || !ok || !newTakesExpr(pass, acq.Func.File) || acq.Expr.Ellipsis.IsValid() {
		return nil, false
	}
	if tv := pass.TypesInfo.Types[exp.TTL]; tv.Value != nil || !types.Identical(tv.Type, types.Typ[types.Int64]) {
		ttl = "int64(" + ttl + ")" // new(30) would be an *int
	}
	name, imp := fixedit.AddImport(pass.Fset, acq.Func.File, gredisPath)
	option := name + ".TTLOption{" + field + ": new(" + ttl + ")}"
	switch acq.Method {
	case "SetNX":
		sel, ok := ast.Unparen(acq.Expr.Fun).(*ast.SelectorExpr)
		uses, usesOK := flagReads(pass, acq)
		if !ok || !usesOK || len(acq.Expr.Args) != 3 {
			return nil, false
		}
		edits := []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Set")},
			insertAt(acq.Expr.Args[2], ", "+name+".SetOption{NX: true, TTLOption: "+option+"}"),
		}
		return append(append(edits, uses...), imp...), true
	case "Set":
		lit := setArgsLiteral(acq)
		if lit == nil || len(lit.Elts) == 0 || hasKey(lit, "TTLOption") || hasKey(lit, "KeepTTL") {
			return nil, false
		}
		return append([]analysis.TextEdit{insertAt(lit.Elts[len(lit.Elts)-1], ", TTLOption: "+option)}, imp...), true
	}
	return nil, false
}

// newTakesExpr reports whether the file's Go version allows new(expr).
func newTakesExpr(pass *analysis.Pass, file *ast.File) bool {
	v := pass.TypesInfo.FileVersions[file]
	if v == "" {
		v = pass.Pkg.GoVersion()
	}
	return v != "" && version.Compare(v, "go1.26") >= 0
}

func hasKey(lit *ast.CompositeLit, name string) bool {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return true
			}
		} else {
			return true // unkeyed: every field is written
		}
	}
	return false
}

// flagReads returns the edits that turn the reads of the acquire's bool
// flag (ok, err := r.SetNX(...), ok declared there) into reads of the
// *gvar.Var that Set answers, or false when the flag is written again,
// has its address taken or cannot be followed.
func flagReads(pass *analysis.Pass, acq *lockmodel.Op) ([]analysis.TextEdit, bool) {
	as, ok := acq.Reply.Parent.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 {
		return nil, false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, false
	}
	flag, _ := pass.TypesInfo.Defs[id].(*types.Var)
	if flag == nil {
		return nil, id.Name == "_"
	}
	var edits []analysis.TextEdit
	var stack []ast.Node
	good := true
	ast.Inspect(acq.Func.Decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if use, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[use] == flag {
			e, ok := flagRead(use, stack[len(stack)-1])
			good = good && ok
			edits = append(edits, e)
		}
		stack = append(stack, n)
		return good
	})
	return edits, good
}

// flagRead returns the edit for one read of the flag, whose parent node
// is parent.
func flagRead(use *ast.Ident, parent ast.Node) (analysis.TextEdit, bool) {
	switch p := parent.(type) {
	case *ast.UnaryExpr:
		if p.Op == token.NOT {
			return analysis.TextEdit{Pos: p.Pos(), End: p.End(), NewText: []byte(use.Name + ".IsNil()")}, true
		}
		return analysis.TextEdit{}, false // &ok
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == use {
				return analysis.TextEdit{}, false // written again
			}
		}
	case *ast.IncDecStmt, *ast.ParenExpr:
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: use.Pos(), End: use.End(), NewText: []byte("!" + use.Name + ".IsNil()")}, true
}
