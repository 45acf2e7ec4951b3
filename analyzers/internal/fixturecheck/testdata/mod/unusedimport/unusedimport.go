// Package unusedimport loses its only use of strings to the fix.
package unusedimport

import "strings"

func bad(string) {}

func f() {
	bad(strings.ToUpper("x")) // want "call of bad"
}
