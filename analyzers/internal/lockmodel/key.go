package lockmodel

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/keyid"
)

// A Key is the key an op acts on, as the model compares, groups and
// prints it. Its identity and family are set when the op is built
// (newKey), its text once the package's lock keys are judged (printKeys):
// the rules only read it.
type Key struct {
	ID       string   // the identity's canonical text, by which keys are compared and indexed; "" when unknown
	Identity keyid.ID // the identity as parts
	Family   string   // the key family: "lock:"+$ for "lock:"+name; "" none
	Text     string   // the key as messages print it: "lock:" + name, "passed to Unlock as key"
}

// newKey returns the key with identity id used in fn (nil for a summary
// template). Its family is the identity's, or, for a key that is just a
// parameter of a function named as a lock operation, the lock API of
// fn's type or package: Lock(key) and Unlock(key) of one type take one
// key.
func (m *Model) newKey(id keyid.ID, fn *Func) Key {
	k := Key{ID: id.String(), Identity: id, Family: id.Family()}
	if k.Family != "" && fn != nil && !m.anchored(id, 0) && !m.lockNames.namesFunc(fn) {
		k.Family = "" // gconv.String(key) in every method of a cache: no family but a lock API's
	}
	if k.Family != "" || !id.IsParam() || fn == nil || !m.lockNames.namesFunc(fn) {
		return k
	}
	if fn.Recv != nil {
		k.Family = "lockapi(" + fn.Recv.Obj().Pkg().Path() + "." + fn.Recv.Obj().Name() + ")"
	} else {
		k.Family = "lockapi(" + fn.Obj.Pkg().Path() + ")"
	}
	return k
}

// anchored reports whether a key family says which keys it holds: it has
// constant text ("lock:"+$), or calls a key-building function of this
// package or one with a lock word (l.lockKey(name)), at any depth. A
// family that only converts its parameters with another package's
// function (gconv.String(key), fmt.Sprint(id)) holds every key a
// function is handed: it links keys only as a lock API pair does, in
// functions named as lock operations (see newKey), and never spreads a
// lock name to the other functions that use it.
func (m *Model) anchored(id keyid.ID, depth int) bool {
	if depth > 4 {
		return true // deep nesting: keep the family, as before
	}
	for _, p := range id.Parts {
		switch p.Kind {
		case keyid.Const:
			return true
		case keyid.Call:
			if m.ownBuilder(p) {
				return true
			}
			for _, arg := range p.Args {
				if m.anchored(arg, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// ownBuilder reports whether the key-building function a Call part calls
// says which keys it builds: it has a lock word, or it is the package's
// own (l.lockKey(name)); for a part read from a wrapper's fact, which has
// no object, a function of the module being analysed. A conversion from
// another module (gconv.String(key), fmt.Sprint(id)) holds any key.
// Without module information a fact's part is taken as the module's.
func (m *Model) ownBuilder(p keyid.Part) bool {
	if fn, ok := p.Object().(*types.Func); ok {
		return fn.Pkg() == m.pass.Pkg || m.lockNames.matches(fn.Name())
	}
	pkg, name := splitFuncName(p.Text)
	mod := m.pass.Module
	if mod == nil || mod.Path == "" || m.lockNames.matches(name) {
		return true
	}
	return pkg == mod.Path || strings.HasPrefix(pkg, mod.Path+"/")
}

// splitFuncName splits the full name of a function or method
// (types.Func.FullName: "a/b.F", "(*a/b.T).M") into its package's path
// and its name.
func splitFuncName(full string) (pkg, name string) {
	if i := strings.LastIndexByte(full, '.'); i >= 0 {
		full, name = full[:i], full[i+1:]
	}
	if recv, ok := strings.CutPrefix(full, "("); ok {
		full = strings.TrimSuffix(strings.TrimPrefix(recv, "*"), ")")
		if i := strings.LastIndexByte(full, '.'); i >= 0 {
			full = full[:i] // the type's name
		}
	}
	return full, name
}

// printKeys sets the text of every op's key, once the lock keys are
// judged: a helper's key is printed as its caller's.
func (m *Model) printKeys() {
	texts := make([]string, len(m.Ops))
	for i, op := range m.Ops {
		texts[i] = m.keyText(op)
	}
	for i, op := range m.Ops {
		op.Key.Text = texts[i]
	}
}

// keyText returns op's key as written where it was built, for messages:
// a local assigned once is named by its value ("lock:" + name, not key);
// the key of a helper's command judged through its calls is the caller's
// key, with the call; a parameter says whose.
func (m *Model) keyText(op *Op) string {
	if op.KeyExpr == nil {
		if arg := singleKeyArg(op); arg != nil {
			return op.Via.Wrapper + " builds from " + m.argText(arg, op.Func)
		}
		if key := m.ownKeyOfHelper(op); key != nil {
			return m.Text(key) // the key a same-package helper builds itself: l.key
		}
		if c := viaConstant(op); c != "" {
			return c // a wrapper's own constant key
		}
		return "the key"
	}
	key := m.builtFrom(op.KeyExpr, 0)
	if v := m.paramOf(key); v != nil {
		if p := m.provingCallOf(op); p != nil && p.KeyExpr != nil && m.paramOf(m.builtFrom(p.KeyExpr, 0)) == nil {
			return m.keyText(p) + " (passed by " + p.Func.Name() + " at " + m.Where(p.Pos()) + ")"
		}
		// Not "lock key key": the key was built by the caller.
		return "passed to " + op.Func.Name() + " as " + v.Name()
	}
	if x := m.Env.RangeOf(key); x != nil {
		return m.Text(key) + " (each of " + m.Text(x) + ")" // a multi-key lock held in a slice
	}
	return m.Text(key)
}

// ownKeyOfHelper returns the key expression of the command op stands for
// in a same-package helper, when the helper writes it itself (a field of
// its receiver, a constant) rather than from a parameter; nil otherwise.
func (m *Model) ownKeyOfHelper(op *Op) ast.Expr {
	var key ast.Expr
	m.walkOrigins(op, func(o *Op) bool {
		if o.KeyExpr != nil {
			if e := m.builtFrom(o.KeyExpr, 0); m.paramOf(e) == nil {
				key = e
			}
			return false
		}
		return true
	})
	return key
}

// argText names an argument a wrapper builds a key from: its text as
// built, and whose parameter it is.
func (m *Model) argText(arg ast.Expr, fn *Func) string {
	e := m.builtFrom(arg, 0)
	if v := m.paramOf(e); v != nil {
		return v.Name() + ", a parameter of " + fn.Name()
	}
	return m.Text(e)
}

// builtFrom returns the expression a local key variable was built from,
// following locals assigned once.
func (m *Model) builtFrom(e ast.Expr, depth int) ast.Expr {
	if init := m.Env.LocalInit(e); init != nil && depth < 4 && m.paramOf(e) == nil {
		return m.builtFrom(init, depth+1)
	}
	return e
}

// paramOf returns the parameter of the enclosing function e names, or nil.
func (m *Model) paramOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := m.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || !m.keys.IsParam(v) {
		return nil
	}
	return v
}

// viaConstant returns, quoted, the key of a wrapper's command that is one
// constant (rdb.Del(ctx, "jobs:lock") in the wrapper); "" otherwise.
func viaConstant(op *Op) string {
	if op.Via == nil || len(op.Via.Key.Parts) != 1 || op.Via.Key.Parts[0].Kind != keyid.Const {
		return ""
	}
	return strconv.Quote(op.Via.Key.Parts[0].Text)
}
