// Package twoimports loses its use of strings, the first of two imports,
// to the fix; unicode stays.
package twoimports

import (
	"strings"
	"unicode"
)

func bad(string) {}

func f() bool {
	bad(strings.ToUpper("x")) // want "call of bad"
	return unicode.IsUpper('x')
}
