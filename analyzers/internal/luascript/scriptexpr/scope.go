package scriptexpr

import "github.com/yuin/gopher-lua/ast"

// BindKind says what a Lua variable is known to hold.
type BindKind int

const (
	Opaque    BindKind = iota // nothing useful
	KeyVal                    // a KEYS element: key, index
	TokenVal                  // ARGV[token]
	ReadVal                   // the value stored at key
	MemberVal                 // HEXISTS/SISMEMBER of ARGV[token] at key
	LoopIndex                 // the index of a loop over KEYS: KEYS[i] is key
	MGetAll                   // MGET of unpack(KEYS): element i is KEYS[i]'s value
	ProbeVal                  // EXISTS/TTL/PTTL of key: can say it is absent
)

// A Binding is what one variable holds: Key is the key identity (KeyOf)
// of a KeyVal, ReadVal, MemberVal or ProbeVal, or the loop identity of a
// LoopIndex; Index the KEYS index of a KeyVal; Token the ARGV index
// (TokenOf) of a TokenVal or MemberVal.
type Binding struct {
	Kind  BindKind
	Key   string
	Index int
	Token int
	Cmd   string // for ReadVal and ProbeVal: the command, when it can say the key is absent
}

// Scope maps variable names to what they hold. Every assignment makes a new
// Binding, so that a check recorded for a key identity never carries over to
// a variable that was reassigned.
type Scope struct {
	parent *Scope
	vars   map[string]*Binding
}

// NewScope returns a block's scope inside parent (nil for the chunk).
func NewScope(parent *Scope) *Scope {
	return &Scope{parent: parent, vars: map[string]*Binding{}}
}

// Declare binds a local of this scope: `local name`, a loop variable or a
// function parameter.
func (sc *Scope) Declare(name string, b *Binding) { sc.vars[name] = b }

// BindingOf returns the Binding of e when e is a variable, or nil.
func (sc *Scope) BindingOf(e ast.Expr) *Binding {
	id, ok := e.(*ast.IdentExpr)
	if !ok {
		return nil
	}
	for s := sc; s != nil; s = s.parent {
		if b, ok := s.vars[id.Value]; ok {
			return b
		}
	}
	return nil
}

// Assign rebinds name where it is declared, or as a global at the root.
func (sc *Scope) Assign(name string, b *Binding) {
	s := sc
	for ; s.parent != nil; s = s.parent {
		if _, ok := s.vars[name]; ok {
			break
		}
	}
	s.vars[name] = b
}

// BindingsOf returns what each name holds after `names = exprs`.
func BindingsOf(names []string, exprs []ast.Expr, sc *Scope) []*Binding {
	bs := make([]*Binding, len(names))
	for i := range names {
		bs[i] = &Binding{Kind: Opaque}
		if i < len(exprs) {
			bs[i] = bindingOfExpr(exprs[i], sc)
		}
	}
	return bs
}

func bindingOfExpr(e ast.Expr, sc *Scope) *Binding {
	if id, idx := KeyOf(e, sc); id != "" && id != "*" {
		return &Binding{Kind: KeyVal, Key: id, Index: idx}
	}
	if j := TokenOf(e, sc); j > 0 {
		return &Binding{Kind: TokenVal, Token: j}
	}
	if id, ok := ReadOf(e, sc); ok {
		_, cmd, _ := ProbeOf(e, sc) // "" for HGET, tostring(GET)
		return &Binding{Kind: ReadVal, Key: id, Cmd: cmd}
	}
	if id, j, ok := MemberOf(e, sc); ok {
		return &Binding{Kind: MemberVal, Key: id, Token: j}
	}
	if call, cmd, ok := RedisCall(e); ok && cmd == "mget" && len(call.Args) == 2 && IsUnpackKeys(call.Args[1]) {
		return &Binding{Kind: MGetAll}
	}
	if id, cmd, ok := ProbeOf(e, sc); ok {
		return &Binding{Kind: ProbeVal, Key: id, Cmd: cmd}
	}
	return &Binding{Kind: Opaque}
}
