package keyid

import "strings"

// Family returns the key family of an identity: its constant parts kept and
// its parameter and field parts replaced by $, so that "lock:"+name in
// Acquire(name) and in Release(name) are one family, and so are
// r.lockKey(name) in both. An identity with no constant part and no call
// of a key-building function has no family (""). Families are compared
// and indexed by this text.
func (id ID) Family() string {
	if !id.hasConstant() {
		return ""
	}
	var b strings.Builder
	id.write(&b, true)
	return b.String()
}

func (id ID) hasConstant() bool {
	for _, p := range id.Parts {
		if p.Kind == Const || p.Kind == Call {
			return true
		}
	}
	return false
}

// IsParam reports whether id is exactly one parameter of a function.
func (id ID) IsParam() bool {
	return len(id.Parts) == 1 && id.Parts[0].Kind == Param
}

// Constants returns the constant text parts of an identity.
func (id ID) Constants() []string {
	var out []string
	for _, p := range id.Parts {
		if p.Kind == Const {
			out = append(out, p.Text)
		}
	}
	return out
}
