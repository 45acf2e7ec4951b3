package luascript

import (
	"github.com/leasevet/leasevet/analyzers/internal/luascript/scriptexpr"
	"github.com/yuin/gopher-lua/ast"
)

// allKeys is the key identity of a fact that holds for every KEYS element:
// a loop over all of KEYS compared each one with the same ARGV element.
const allKeys = "all"

// factKind says what a fact records about the key with its identity.
type factKind uint8

const (
	// ownerMatch: the value stored at the key was found equal to
	// ARGV[token] (the owner check).
	ownerMatch factKind = iota
	// ownerMismatch: the value stored at the key was found different
	// from ARGV[token]: the path where the owner check failed.
	ownerMismatch
	// keyAbsent: the script has just seen that the key does not exist
	// (GET replied nil, EXISTS 0, PTTL -2) and nothing has written a key
	// since, so a DEL or an expire of it does nothing.
	keyAbsent
)

// fact is one thing known about the key with identity key at a point of
// the script; token is the ARGV index of an owner match or mismatch.
type fact struct {
	key   string
	token int
	kind  factKind
}

// facts is a set of facts known to hold at a point of the script.
// A nil set is empty. Sets are never modified after they are built, so
// branches can share them.
type facts map[fact]bool

func union(a, b facts) facts {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make(facts, len(a)+len(b))
	for g := range a {
		out[g] = true
	}
	for g := range b {
		out[g] = true
	}
	return out
}

func intersect(a, b facts) facts {
	var out facts
	for g := range a {
		if b[g] {
			if out == nil {
				out = facts{}
			}
			out[g] = true
		}
	}
	return out
}

// single returns the owner check of key against ARGV[token].
func single(key string, token int) facts {
	return facts{{key: key, token: token}: true}
}

// mismatch returns the failed owner check of key against ARGV[token].
func mismatch(key string, token int) facts {
	return facts{{key: key, token: token, kind: ownerMismatch}: true}
}

// absent returns the fact that key was seen absent.
func absent(key string) facts {
	return facts{{key: key, kind: keyAbsent}: true}
}

// without returns f less the facts of kind k.
func without(f facts, k factKind) facts {
	var out facts
	for g := range f {
		if g.kind == k {
			continue
		}
		if out == nil {
			out = facts{}
		}
		out[g] = true
	}
	return out
}

// has reports whether f holds a fact of kind k about key id, or about any
// key when id is "".
func has(f facts, k factKind, id string) bool {
	for g := range f {
		if g.kind == k && (id == "" || g.key == id) {
			return true
		}
	}
	return false
}

// guardFor reports whether a check of key identity id holds in f, and with
// which ARGV index (the lowest, so that the answer is deterministic).
func guardFor(id string, f facts) (token int, ok bool) {
	if id == "" {
		return 0, false
	}
	for g := range f {
		// Every non-empty identity names a KEYS element, so a check over all
		// of KEYS covers it.
		if g.kind != ownerMatch || (g.key != id && g.key != allKeys) {
			continue
		}
		if !ok || g.token < token {
			token, ok = g.token, true
		}
	}
	return token, ok
}

// condFacts returns the facts that hold when cond is true and when it is
// false. Only comparisons of a key's value with an ARGV element, tests of a
// reply that says the key is absent, and the boolean connectives over them,
// produce facts.
func condFacts(cond ast.Expr, sc *scriptexpr.Scope) (whenTrue, whenFalse facts) {
	switch e := cond.(type) {
	case *ast.RelationalOpExpr:
		if e.Operator != "==" && e.Operator != "~=" {
			return nil, nil
		}
		t, f := equalityFacts(e.Lhs, e.Rhs, sc)
		if e.Operator == "~=" {
			return f, t
		}
		return t, f
	case *ast.LogicalOpExpr:
		lt, lf := condFacts(e.Lhs, sc)
		rt, rf := condFacts(e.Rhs, sc)
		if e.Operator == "and" {
			return union(lt, rt), intersect(lf, rf)
		}
		return intersect(lt, rt), union(lf, rf)
	case *ast.UnaryNotOpExpr:
		t, f := condFacts(e.Expr, sc)
		return f, t
	}
	return truthFacts(cond, sc)
}

// equalityFacts returns the checks implied by a == b being true or false, in
// either operand order.
func equalityFacts(a, b ast.Expr, sc *scriptexpr.Scope) (whenTrue, whenFalse facts) {
	for _, p := range [2][2]ast.Expr{{a, b}, {b, a}} {
		if id, ok := scriptexpr.ReadOf(p[0], sc); ok {
			if j := scriptexpr.TokenOf(p[1], sc); j > 0 {
				return single(id, j), mismatch(id, j)
			}
		}
		if id, j, ok := scriptexpr.MemberOf(p[0], sc); ok {
			// HEXISTS/SISMEMBER reply 1 or 0: "== 1" is the owner check,
			// "== 0" is its negation (Redisson's early return).
			switch n, _ := scriptexpr.NumberOf(p[1]); {
			case scriptexpr.IsNumber(p[1]) && n == 1:
				return single(id, j), mismatch(id, j)
			case scriptexpr.IsNumber(p[1]) && n == 0:
				return mismatch(id, j), single(id, j)
			}
		}
		if t, f, ok := absenceFacts(p[0], p[1], sc); ok {
			return t, f
		}
	}
	return nil, nil
}
