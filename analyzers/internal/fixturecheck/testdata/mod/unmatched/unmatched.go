// Package unmatched expects what is not reported, and the wrong message.
package unmatched

func f() {} // want "call of bad"

func bad() {}

func g() {
	bad() // want "call of good"
}
