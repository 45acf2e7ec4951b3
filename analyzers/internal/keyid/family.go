package keyid

import (
	"strconv"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
)

// variablePart matches a parameter or field identity. A method's parameter
// is p((*pkg.T).Method#i), with one level of parentheses inside.
var variablePart = analysisutil.LazyRegexp(`\b[pf]\((?:[^()]|\([^()]*\))*\)|\$\{\d+\}`)

// Family returns the key family of an identity: its constant parts kept and
// its parameter and field parts replaced by $, so that "lock:"+name in
// Acquire(name) and in Release(name) are one family, and so are
// r.lockKey(name) in both. An identity with no constant part and no call
// of a key-building function has no family ("").
func Family(id string) string {
	if id == "" || !hasConstant(id) {
		return ""
	}
	var out []string
	for _, part := range splitTop(id) {
		if isQuoted(part) {
			out = append(out, part)
			continue
		}
		out = append(out, variablePart().ReplaceAllLiteralString(part, "$"))
	}
	return strings.Join(out, "+")
}

func hasConstant(id string) bool {
	for _, part := range splitTop(id) {
		if isQuoted(part) || strings.HasPrefix(part, "c(") {
			return true
		}
	}
	return false
}

// IsParam reports whether id is exactly one parameter of a function.
func IsParam(id string) bool {
	return strings.HasPrefix(id, "p(") && len(splitTop(id)) == 1 && strings.HasSuffix(id, ")") && !strings.Contains(id, "+")
}

// Constants returns the constant text parts of an identity.
func Constants(id string) []string {
	var out []string
	for _, part := range splitTop(id) {
		if s, err := strconv.Unquote(part); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// IsField reports whether id is exactly one field of a named type.
func IsField(id string) bool {
	return strings.HasPrefix(id, "f(") && len(splitTop(id)) == 1 && !strings.Contains(id[2:], "(")
}

// Substitute replaces the summary placeholders ${i} of a template with the
// identities of the call's arguments; ok is false when one is unknown.
func Substitute(template string, args []string) (string, bool) {
	ok := true
	out := placeholder().ReplaceAllStringFunc(template, func(m string) string {
		i, err := strconv.Atoi(m[2 : len(m)-1])
		if err != nil || i >= len(args) || args[i] == "" {
			ok = false
			return m
		}
		return args[i]
	})
	if !ok {
		return "", false
	}
	return joinParts(splitTop(out)...), true
}

var placeholder = analysisutil.LazyRegexp(`\$\{\d+\}`)

// Placeholder renders parameter i in a summary template.
func Placeholder(i int) string { return "${" + strconv.Itoa(i) + "}" }
