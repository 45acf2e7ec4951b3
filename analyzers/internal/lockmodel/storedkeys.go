package lockmodel

import (
	"go/ast"
	"go/token"

	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// A lock type's constructor often acquires the key it builds and then
// stores it in the lock it returns:
//
//	key := l.prefix + name
//	ok, err := l.rdb.SetNX(ctx, key, token, ttl).Result()
//	...
//	return &Lock{key: key, token: token}, nil
//
// and the type's methods release or renew the field (rdb.Del(ctx,
// lk.key)). The field holds the acquired key, as if the constructor had
// stored it first and acquired lk.key: its acquires are the constructor's.

// indexStoredKeys indexes, under the identity of an unexported field of
// a struct of the package that has no acquire of its own, the acquires
// whose key every write of the field stores (see acquiresStoredIn).
func (m *Model) indexStoredKeys() {
	seen := map[string]bool{}
	for _, op := range m.Ops {
		id := op.Key.ID
		if id == "" || seen[id] || !isFieldKey(op.Key.Identity) || len(m.acquires.byID[id]) > 0 {
			continue
		}
		field := m.fieldHolder(op.KeyExpr)
		if field == nil {
			continue // a call of a helper that reads the field itself
		}
		seen[id] = true
		if acq := m.acquiresStoredIn(field); len(acq) > 0 {
			m.acquires.alias(id, acq)
		}
	}
}

// isFieldKey reports whether id is one field of a named type, whole.
func isFieldKey(id keyid.ID) bool {
	return len(id.Parts) == 1 && id.Parts[0].Kind == keyid.Field
}

// fieldHolder returns the field selector e reads, through the locals
// assigned once that hold it (key := lk.key), or nil.
func (m *Model) fieldHolder(e ast.Expr) ast.Expr {
	for range maxHolderChain {
		e = ast.Unparen(e)
		if _, ok := e.(*ast.SelectorExpr); ok {
			return e
		}
		init := m.Env.LocalInit(e)
		if init == nil {
			return nil
		}
		e = init
	}
	return nil
}

// maxHolderChain bounds the locals followed from a key to its field.
const maxHolderChain = 4

// acquiresStoredIn returns the acquires whose key the field selector
// holds: every write of the field (rediscall.Env.HeldValues: unexported
// fields of the package's structs, every write readable) stores a key
// that the function writing it acquires. Nil when some write stores
// anything else, or cannot be read.
func (m *Model) acquiresStoredIn(field ast.Expr) []*Op {
	if field == nil {
		return nil
	}
	var out []*Op
	for _, w := range m.Env.HeldValues(field) {
		fn, id := m.funcAt(w.Pos()), m.keys.Of(w)
		n := len(out)
		if fn != nil && id.Known() {
			for _, a := range fn.Ops {
				if a.Role == rediscall.RoleAcquire && a.Key.ID == id.String() {
					out = append(out, a)
				}
			}
		}
		if len(out) == n {
			return nil
		}
	}
	return out
}

// funcAt returns the function of the package whose body holds pos, or nil.
func (m *Model) funcAt(pos token.Pos) *Func {
	for _, fn := range m.Funcs {
		if fn.Decl.Body.Pos() <= pos && pos < fn.Decl.Body.End() {
			return fn
		}
	}
	return nil
}
