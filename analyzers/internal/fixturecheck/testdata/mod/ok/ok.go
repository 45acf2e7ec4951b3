// Package ok meets every expectation.
package ok

func bad()  {}
func good() {}

func markedOne() {} // want markedOne:"marked"

func f() {
	bad() // want "call of bad"
	// want +1 `call of bad`
	bad()
}
