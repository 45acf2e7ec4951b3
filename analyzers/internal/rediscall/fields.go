package rediscall

import (
	"go/ast"
	"go/types"
)

// A value a call takes is often held somewhere first: a script source in
// a local, a *Script in a struct field its constructor sets, a key prefix
// or a command word in a field or a package variable. The readers here
// follow such holders when the value itself is what recognition needs:
// which Lua runs, which command a word names, which text a key's prefix
// has.

// maxHolders bounds the chains of holders followed (a field set from a
// local set from a package variable): they are short, and the bound
// guards against cycles (a field assigned from itself).
const maxHolders = 6

// HeldString returns the string e holds: a constant, a package variable
// initialised with one or read from a //go:embed file (ConstString), a
// local assigned once, or a field of a struct of this package that every
// write sets to the same string (the literal of its constructor).
func (env *Env) HeldString(e ast.Expr) (string, bool) {
	return env.heldString(e, 0)
}

func (env *Env) heldString(e ast.Expr, depth int) (string, bool) {
	if s, ok := env.ConstString(e); ok {
		return s, true
	}
	if depth >= maxHolders {
		return "", false
	}
	return sameString(env.HeldValues(e), func(x ast.Expr) (string, bool) { return env.heldString(x, depth+1) })
}

// FieldString is HeldString for a field of a struct of this package (see
// HeldValues): a key prefix its constructor sets is that text in a key,
// as a constant or a package variable initialised with one is.
func (env *Env) FieldString(e ast.Expr) (string, bool) {
	if env.FieldOf(e) == nil {
		return "", false
	}
	return env.HeldString(e)
}

// sameString resolves every value with read and returns their string when
// there is at least one and all agree.
func sameString(values []ast.Expr, read func(ast.Expr) (string, bool)) (string, bool) {
	src, found := "", false
	for _, v := range values {
		s, ok := read(v)
		if !ok || (found && s != src) {
			return "", false
		}
		src, found = s, true
	}
	return src, found
}

// HeldValues returns every value the holder e can hold, when all of them
// are known: the only value of a local assigned once, or every value
// written to a field of a struct of this package (keyed or positional in
// composite literals, assigned to x.f). Nil when e is no such holder or
// some write cannot be read (&x.f, x.f++, a multi-value assignment). A
// composite literal that leaves the field out writes its zero value,
// which no script call runs, and is not counted. An exported field can be
// written by other packages, which are not seen: it is not followed.
func (env *Env) HeldValues(e ast.Expr) []ast.Expr {
	if init := env.LocalInit(e); init != nil {
		return []ast.Expr{init}
	}
	return env.FieldValues(env.FieldOf(e))
}

// FieldValues is HeldValues for the field f itself: every value written
// to it, when f is an unexported field of a struct of this package and
// every write can be read; nil otherwise.
func (env *Env) FieldValues(f *types.Var) []ast.Expr {
	if f == nil || f.Exported() || f.Pkg() != env.Pkg {
		return nil
	}
	env.indexLocals()
	d := env.fields[f]
	if d == nil {
		return nil
	}
	out := make([]ast.Expr, 0, len(d.writes))
	for _, w := range d.writes {
		if w.rhs == nil || w.first {
			return nil
		}
		out = append(out, w.rhs)
	}
	return out
}

// FieldOf returns the unexported field of a struct of this package that
// the selector e reads, or nil.
func (env *Env) FieldOf(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := env.Info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	f, ok := s.Obj().(*types.Var)
	if !ok || f.Exported() || f.Pkg() != env.Pkg {
		return nil
	}
	return f
}

// recordFieldWrite records a write to a field through a selector (x.f =
// v), if lhs is one.
func (env *Env) recordFieldWrite(lhs ast.Expr, w varWrite) {
	if f := env.FieldOf(lhs); f != nil {
		env.addFieldWrite(f, w)
	}
}

func (env *Env) addFieldWrite(f *types.Var, w varWrite) {
	d := env.fields[f]
	if d == nil {
		d = &localDef{}
		env.fields[f] = d
	}
	d.count++
	d.writes = append(d.writes, w)
}

// recordLiteralFields records the fields a struct composite literal sets.
func (env *Env) recordLiteralFields(lit *ast.CompositeLit) {
	tv, ok := env.Info.Types[lit]
	if !ok {
		return
	}
	st, ok := tv.Type.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		var f *types.Var
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			id, _ := kv.Key.(*ast.Ident)
			if id != nil {
				f, _ = env.Info.Uses[id].(*types.Var)
			}
			val = kv.Value
		} else if i < st.NumFields() {
			f = st.Field(i)
		}
		if f != nil && f.Pkg() == env.Pkg && !f.Exported() {
			env.addFieldWrite(f, varWrite{rhs: val})
		}
	}
}

// recordFieldNode records the fields a composite literal in n sets;
// x.f = v, &x.f and x.f++ come through recordAssignment.
func (env *Env) recordFieldNode(n ast.Node) {
	if lit, ok := n.(*ast.CompositeLit); ok {
		env.recordLiteralFields(lit)
	}
}
