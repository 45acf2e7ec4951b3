package a_test

import "testing"

func bad() {}

func TestX(t *testing.T) {
	bad()
}
