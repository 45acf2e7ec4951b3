package redisapi

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// loadedScript returns the source of the script whose SHA1 the variable e
// names holds: every value ever assigned to it in the package is the
// reply of SCRIPT LOAD of that one script (sha = rdb.ScriptLoad(ctx,
// src).Val(), or sha, err = ...Result()), or the empty string it starts
// with. A variable of another package is asked through ScriptSHA, which
// the model fills from that package's facts.
func (env *Env) loadedScript(e ast.Expr) (string, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		if sel, isSel := ast.Unparen(e).(*ast.SelectorExpr); isSel {
			id = sel.Sel
		} else {
			return "", false
		}
	}
	v, ok := env.Info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return "", false
	}
	if v.Pkg() != env.Pkg {
		if env.ScriptSHA != nil {
			return env.ScriptSHA(v)
		}
		return "", false
	}
	return env.LoadedScriptOf(v)
}

// LoadedScriptOf returns the script source whose SHA1 the variable v of
// this package holds, if it only ever holds one (see loadedScript).
func (env *Env) LoadedScriptOf(v *types.Var) (string, bool) {
	env.indexShaWrites()
	writes := env.shaWrites[v]
	src, found := "", false
	for _, w := range writes {
		if w == nil {
			return "", false // a write we cannot read
		}
		if s, ok := env.ConstString(w); ok && s == "" {
			continue // the zero value it is declared with
		}
		s, ok := env.scriptLoadSource(w)
		if !ok || (found && s != src) {
			return "", false
		}
		src, found = s, true
	}
	return src, found
}

// scriptLoadSource reads rdb.ScriptLoad(ctx, src).Val() and .Result().
func (env *Env) scriptLoadSource(e ast.Expr) (string, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Val" || sel.Sel.Name == "Result") {
		if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
			call = inner
		}
	}
	fn, ok := typeutil.Callee(env.Info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || !IsClientPackage(fn.Pkg().Path()) || fn.Name() != "ScriptLoad" || len(call.Args) == 0 {
		return "", false
	}
	return env.ConstString(call.Args[len(call.Args)-1])
}

// indexShaWrites records, once per package, every value assigned to each
// variable (nil for one that cannot be read: x, y = f(), &x).
func (env *Env) indexShaWrites() {
	if env.shaWrites != nil {
		return
	}
	env.shaWrites = map[*types.Var][]ast.Expr{}
	for _, f := range env.files {
		ast.Inspect(f, env.recordShaWrite)
	}
}

func (env *Env) recordShaWrite(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			var rhs ast.Expr
			switch {
			case len(n.Lhs) == len(n.Rhs):
				rhs = n.Rhs[i]
			case len(n.Rhs) == 1 && i == 0:
				rhs = n.Rhs[0] // sha, err := rdb.ScriptLoad(ctx, src).Result()
			}
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				rhs = nil
			}
			env.recordShaDef(lhs, rhs)
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			var rhs ast.Expr
			if len(n.Names) == len(n.Values) {
				rhs = n.Values[i]
			} else if len(n.Values) == 0 {
				rhs = &ast.BasicLit{Kind: token.STRING, Value: `""`} // declared without a value
			}
			env.recordShaDef(name, rhs)
		}
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			env.recordShaDef(n.X, nil)
		}
	}
	return true
}

func (env *Env) recordShaDef(lhs, rhs ast.Expr) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return
	}
	obj := env.Info.Defs[id]
	if obj == nil {
		obj = env.Info.Uses[id]
	}
	if v, ok := obj.(*types.Var); ok && !v.IsField() {
		env.shaWrites[v] = append(env.shaWrites[v], rhs)
	}
}
