// Package unexpected reports a call that no comment expects.
package unexpected

func bad() {}

func f() {
	bad()
}
