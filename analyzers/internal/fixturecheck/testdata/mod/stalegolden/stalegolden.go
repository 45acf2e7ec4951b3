// Package stalegolden has a golden file, but its call of bad is gone, so
// no fix edits the file any more: the golden file expects a fix that has
// vanished.
package stalegolden

func bad()  {}
func good() {}

func f() {
	good()
}
