package ownerfix

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

// storedTokenAt accepts a token written in the lock's constructor, which
// acquires and then stores the key and the token in the lock it returns
// (&Lock{key: key, token: token}), when op is a method of that lock type
// acting on the key field of its receiver: the token field then holds
// what the acquire wrote with that key. Each field must have that one
// write, in the constructor, and the token local no other; the text is
// the token field of op's receiver (l.token).
func (f fixer) storedTokenAt(id *ast.Ident, from *lockmodel.Func, op *lockmodel.Op) (string, bool) {
	v, ok := f.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || from == op.Func || op.Func.Recv == nil || v.IsField() || !f.Env.WrittenOnce(v) {
		return "", false
	}
	recv := op.Func.Obj.Signature().Recv()
	sel, ok := ast.Unparen(op.KeyExpr).(*ast.SelectorExpr)
	if !ok || recv == nil || recv.Name() == "" || recv.Name() == "_" || !f.visibleAt(recv, op.Pos()) {
		return "", false
	}
	if x, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || f.Pass.TypesInfo.Uses[x] != recv {
		return "", false
	}
	if keys := f.Env.FieldValues(f.Env.FieldOf(sel)); len(keys) != 1 || !within(from, keys[0]) {
		return "", false
	}
	st, ok := op.Func.Recv.Underlying().(*types.Struct)
	if !ok {
		return "", false
	}
	for field := range st.Fields() {
		vals := f.Env.FieldValues(field)
		if len(vals) != 1 || !within(from, vals[0]) {
			continue
		}
		if w, ok := ast.Unparen(vals[0]).(*ast.Ident); ok && f.Pass.TypesInfo.Uses[w] == v {
			return recv.Name() + "." + field.Name(), true
		}
	}
	return "", false
}

// within reports whether e is written in fn's body.
func within(fn *lockmodel.Func, e ast.Expr) bool {
	return fn.Decl.Body.Pos() <= e.Pos() && e.End() <= fn.Decl.Body.End()
}
