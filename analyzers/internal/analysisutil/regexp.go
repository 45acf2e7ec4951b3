package analysisutil

import (
	"regexp"
	"sync"
)

// LazyRegexp returns a function that compiles expr on its first call and
// returns the same *regexp.Regexp after that. A package-level
// regexp.MustCompile runs when the binary starts, and go vet starts the
// binary once for every package of the import closure, most of which never
// reach a Redis client and never use the expression.
func LazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
