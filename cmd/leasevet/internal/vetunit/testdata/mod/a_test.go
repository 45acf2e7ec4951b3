package a

import "testing"

func TestF(t *testing.T) {
	bad()
}
