// Package boom makes the test analyzers' required analyzer fail.
package boom

func bad() {}

func g() {
	bad()
}
