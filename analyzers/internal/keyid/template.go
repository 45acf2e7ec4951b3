package keyid

// A summary template is an identity in terms of the summarised function's
// parameters: Placeholder parts, ${i}, stand for the argument i of a call.

// Substitute replaces the placeholders of a template with the identities
// of the call's arguments; ok is false when one is unknown or missing.
// Adjacent constants are merged in the result as in any concatenation;
// inside a call's arguments the arguments' parts are spliced in as they
// are, as the identities of summary facts always were.
func (id ID) Substitute(args []ID) (ID, bool) {
	out, ok := id.splice(args)
	if !ok {
		return ID{}, false
	}
	return concat(out), true
}

func (id ID) splice(args []ID) (ID, bool) {
	var parts []Part
	for _, p := range id.Parts {
		switch p.Kind {
		case Placeholder:
			if p.Index >= len(args) || !args[p.Index].Known() {
				return ID{}, false
			}
			parts = append(parts, args[p.Index].Parts...)
		case Call, Elem:
			q := p
			q.Args = make([]ID, len(p.Args))
			for i, a := range p.Args {
				var ok bool
				if q.Args[i], ok = a.splice(args); !ok {
					return ID{}, false
				}
			}
			parts = append(parts, q)
		default:
			parts = append(parts, p)
		}
	}
	return ID{Parts: parts}, true
}

// HasPlaceholder reports whether the identity depends on a parameter of
// the summarised function.
func (id ID) HasPlaceholder() bool { return len(id.Placeholders()) > 0 }

// Placeholders returns the parameter indexes of the placeholders of a
// template, in order, inside calls' arguments too.
func (id ID) Placeholders() []int {
	var out []int
	for _, p := range id.Parts {
		switch p.Kind {
		case Placeholder:
			out = append(out, p.Index)
		case Call, Elem:
			for _, a := range p.Args {
				out = append(out, a.Placeholders()...)
			}
		}
	}
	return out
}

// Placeholder returns the parameter index of a template that is exactly
// one placeholder (the parameter is the key), and whether it is.
func (id ID) Placeholder() (int, bool) {
	if len(id.Parts) != 1 || id.Parts[0].Kind != Placeholder {
		return 0, false
	}
	return id.Parts[0].Index, true
}
