// Package nogolden has no golden file.
package nogolden

func bad() {}

func f() {
	bad() // want "call of bad"
}
