package lockmodel

import (
	"regexp"
	"unicode"
)

// DefaultLockNames is matched against each word of a name, whole: the
// words that name a lock, its operations and its kin (mutex, redlock).
const DefaultLockNames = `(?i)^(lock|locks|locked|locker|lockers|locking|unlock|unlocks|unlocked|unlocking|trylock|relock|redlock|mutex|mutexes|mtx)$`

// A namer tells lock names from others: a name is split into words, and
// a word must match the -lock-names expression alone. Matching the whole
// name would make IndexBlock, MarkClockSkew and "indexed-block:" lock
// names, and turn dedup markers into locks.
type namer struct{ re *regexp.Regexp }

// newNamer returns the namer of expr, a valid -lock-names expression.
func newNamer(expr string) namer {
	re, err := regexp.Compile(expr)
	if err != nil {
		re = regexp.MustCompile(DefaultLockNames) // the flag validated it already
	}
	return namer{re}
}

// matches reports whether one word of s is a lock word.
func (l namer) matches(s string) bool {
	for _, w := range nameWords(s) {
		if l.re.MatchString(w) {
			return true
		}
	}
	return false
}

// nameWords splits an identifier or a key's constant text into words: at
// every character that is not a letter or digit (snake_case, kebab-case,
// "lock:order:", "a.b/c"), at a lower-to-upper case change (camelCase),
// before the last upper-case letter of an upper-case run that a lower-case
// letter follows (HTTPLock: HTTP, Lock), and between letters and digits.
func nameWords(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if i > 0 && len(cur) > 0 && wordBoundary(rs[i-1], r, rs[i+1:]) {
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// wordBoundary reports whether a new word starts at r, given the rune
// before it and the runes after it.
func wordBoundary(prev, r rune, rest []rune) bool {
	switch {
	case unicode.IsDigit(prev) != unicode.IsDigit(r):
		return true
	case unicode.IsLower(prev) && unicode.IsUpper(r):
		return true
	case unicode.IsUpper(prev) && unicode.IsUpper(r) && len(rest) > 0 && unicode.IsLower(rest[0]):
		return true
	}
	return false
}

// IsLockName reports whether s, a name or a key's constant part, has a
// lock word under -lock-names. The expression is compiled once per model.
func (m *Model) IsLockName(s string) bool { return m.lockNames.matches(s) }
