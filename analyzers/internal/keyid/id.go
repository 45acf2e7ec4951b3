package keyid

import (
	"go/types"
	"strconv"
	"strings"
)

// A PartKind says what one part of a key identity stands for.
type PartKind uint8

// The kinds start at 1 so that a zero Part, which no Resolver builds, is
// not mistaken for a constant.
const (
	Const       PartKind = iota + 1 // constant text: "lock:"
	Param                           // a parameter of a function of the package: p(pkg.F#0)
	Receiver                        // the receiver of a named type's methods: r(pkg.T)
	Field                           // a field of a named type: f(pkg.T.name)
	Global                          // a package variable: g(pkg.name)
	Local                           // a local with no single value: v(pos)
	Call                            // a call of a key-building function: c(pkg.F)(args)
	Placeholder                     // parameter i of a summary template: ${i}
	Elem                            // an element of a slice ranged over (for _, k := range l.keys): e(slice)
)

// A Part is one operand of the concatenation a key is built from.
//
// Summary facts store identities and are gob-encoded, so every field that
// takes part in comparison is exported; the object is kept unexported,
// out of the encoding: in an imported fact it is nil.
type Part struct {
	Kind PartKind
	// Text is the constant text (Const), the function's full name (Param,
	// Call), or the qualified name pkg.T, pkg.T.name or pkg.name
	// (Receiver, Field, Global).
	Text string
	// Index is the parameter's index (Param, where -1 is the receiver;
	// Placeholder) or the local's position (Local).
	Index int
	Args  []ID // Call: the receiver of a method, then the arguments; Elem: the slice

	obj types.Object
}

// Object returns the variable, field or function the part comes from: nil
// for a constant, and for any part of an identity read from a fact.
func (p Part) Object() types.Object { return p.obj }

// An ID is a key identity: the parts a key is concatenated from, adjacent
// constants merged. The zero ID is an identity that cannot be determined.
type ID struct {
	Parts []Part
}

// PlaceholderOf returns the template identity that is parameter i of a
// summarised function, passed whole as the key.
func PlaceholderOf(i int) ID { return one(Part{Kind: Placeholder, Index: i}) }

func one(p Part) ID { return ID{Parts: []Part{p}} }

func constant(s string) ID { return one(Part{Kind: Const, Text: s}) }

// Known reports whether the identity was determined.
func (id ID) Known() bool { return len(id.Parts) > 0 }

// Equal reports whether id and other denote the same key. The objects
// the parts come from are not compared: an identity read from a fact has
// none.
func (id ID) Equal(other ID) bool {
	if len(id.Parts) != len(other.Parts) {
		return false
	}
	for i, p := range id.Parts {
		if !p.equal(other.Parts[i]) {
			return false
		}
	}
	return true
}

func (p Part) equal(q Part) bool {
	if p.Kind != q.Kind || p.Text != q.Text || p.Index != q.Index || len(p.Args) != len(q.Args) {
		return false
	}
	for i, a := range p.Args {
		if !a.Equal(q.Args[i]) {
			return false
		}
	}
	return true
}

// String returns the canonical text of the identity, "" when unknown:
// constants quoted, parameters p(func#index), a receiver r(pkg.T), fields
// f(pkg.T.name), package variables g(pkg.name), locals v(position),
// calls c(callee)(args) and placeholders ${i}, joined by "+". Equal
// identities have equal texts, so the text is the form identities are
// indexed by; messages, facts and the order of findings depend on it.
func (id ID) String() string {
	var b strings.Builder
	id.write(&b, false)
	return b.String()
}

// write renders id on b; as a family (see Family), parameters, fields and
// placeholders are written as $.
func (id ID) write(b *strings.Builder, family bool) {
	for i, p := range id.Parts {
		if i > 0 {
			b.WriteByte('+')
		}
		p.write(b, family)
	}
}

func (p Part) write(b *strings.Builder, family bool) {
	switch {
	case family && (p.Kind == Param || p.Kind == Field || p.Kind == Placeholder):
		b.WriteByte('$')
	case p.Kind == Const:
		b.WriteString(strconv.Quote(p.Text))
	case p.Kind == Param:
		b.WriteString("p(" + p.Text + "#" + strconv.Itoa(p.Index) + ")")
	case p.Kind == Receiver, p.Kind == Field, p.Kind == Global:
		b.WriteString(prefix[p.Kind] + "(" + p.Text + ")")
	case p.Kind == Local:
		b.WriteString("v(" + strconv.Itoa(p.Index) + ")")
	case p.Kind == Placeholder:
		b.WriteString("${" + strconv.Itoa(p.Index) + "}")
	case p.Kind == Elem:
		b.WriteString("e(")
		p.Args[0].write(b, family)
		b.WriteByte(')')
	case p.Kind == Call:
		b.WriteString("c(" + p.Text + ")(")
		for i, a := range p.Args {
			if i > 0 {
				b.WriteByte(',')
			}
			a.write(b, family)
		}
		b.WriteByte(')')
	}
}

// prefix is the letter a named part is written with.
var prefix = [...]string{Receiver: "r", Field: "f", Global: "g"}

// concat returns the identity of the concatenation of ids: unknown when
// one is, empty constants dropped and adjacent constants merged, so that
// "lock:"+"a" and "lock:a" are one identity.
func concat(ids ...ID) ID {
	var out []Part
	for _, id := range ids {
		if !id.Known() {
			return ID{}
		}
		for _, p := range id.Parts {
			n := len(out)
			switch {
			case p.Kind == Const && p.Text == "":
			case p.Kind == Const && n > 0 && out[n-1].Kind == Const:
				out[n-1].Text += p.Text
			default:
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		return constant("")
	}
	return ID{Parts: out}
}
