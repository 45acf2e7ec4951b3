// Package a calls bad in its own files and in both kinds of test files.
package a

func bad() {}

func f() {
	bad()
}
