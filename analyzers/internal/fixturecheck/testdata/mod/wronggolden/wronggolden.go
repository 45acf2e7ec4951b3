// Package wronggolden has a golden file the fix does not give.
package wronggolden

func bad() {}

func f() {
	bad() // want "call of bad"
}
