package iface

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// holderUses is how the module uses one holder.
type holderUses struct {
	methods map[string]*types.Func // the methods called on it, by name
	calls   map[string][]ast.Node  // the calls of each method, by name
	wraps   []ast.Expr             // the values assigned to it, to wrap in the implementation
	other   bool                   // a use the rewrite cannot follow
}

// scanUses records the uses of every holder of m, keyed by the position
// of its declaration (the same in a package's variants with and without
// tests).
func scanUses(m *workspace.Module) map[token.Pos]*holderUses {
	uses := map[token.Pos]*holderUses{}
	pkgOf := map[token.Pos]*workspace.Package{}
	for _, h := range holders(m) {
		uses[h.obj.Pos()] = &holderUses{methods: map[string]*types.Func{}, calls: map[string][]ast.Node{}}
		pkgOf[h.obj.Pos()] = h.file.Pkg
	}
	for _, f := range m.Files() {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			switch n := path[0].(type) {
			case *ast.Ident:
				if v, ok := f.Info.Uses[n].(*types.Var); ok && uses[v.Pos()] != nil {
					local := pkgOf[v.Pos()] == f.Pkg && !f.Test
					uses[v.Pos()].add(f.Info, path, local)
				}
			case *ast.CompositeLit:
				markPositional(f.Info, n, uses)
			}
			return true
		})
	}
	return uses
}

// add records the use of a holder whose name starts path; local tells
// whether the file may be changed for it (its own package, not a test).
func (u *holderUses) add(info *types.Info, path []ast.Node, local bool) {
	id := path[0].(*ast.Ident)
	if kv, ok := path[1].(*ast.KeyValueExpr); ok && kv.Key == id {
		u.wrap(kv.Value, local)
		return
	}
	var x ast.Expr = id
	rest := path[1:]
	if sel, ok := path[1].(*ast.SelectorExpr); ok && sel.Sel == id {
		x, rest = sel, path[2:]
	}
	if len(rest) < 2 {
		u.other = true
		return
	}
	switch p := rest[0].(type) {
	case *ast.SelectorExpr:
		s := info.Selections[p]
		call, ok := rest[1].(*ast.CallExpr)
		if p.X == x && s != nil && s.Kind() == types.MethodVal && ok && call.Fun == p {
			u.methods[p.Sel.Name] = s.Obj().(*types.Func)
			u.calls[p.Sel.Name] = append(u.calls[p.Sel.Name], call)
			return
		}
	case *ast.AssignStmt:
		if p.Tok == token.ASSIGN && len(p.Lhs) == len(p.Rhs) {
			for i, lhs := range p.Lhs {
				if lhs == x {
					u.wrap(p.Rhs[i], local)
					return
				}
			}
		}
	}
	u.other = true
}

func (u *holderUses) wrap(v ast.Expr, local bool) {
	if !local {
		u.other = true
		return
	}
	u.wraps = append(u.wraps, v)
}

// markPositional marks the holders that an unkeyed composite literal
// sets: their values would not be wrapped.
func markPositional(info *types.Info, lit *ast.CompositeLit, uses map[token.Pos]*holderUses) {
	if len(lit.Elts) == 0 {
		return
	}
	if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
		return
	}
	st, ok := info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i := range st.NumFields() {
		if u := uses[st.Field(i).Pos()]; u != nil {
			u.other = true
		}
	}
}

// methodNames returns the names of the methods in order.
func (u *holderUses) methodNames() []string {
	var names []string
	for n := range u.methods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
