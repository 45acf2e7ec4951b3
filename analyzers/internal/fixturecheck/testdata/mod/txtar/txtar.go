// Package txtar has a golden archive with a section per fix message.
package txtar

func bad() {}

func f() {
	bad() // want "call of bad"
}
