package fixture

import "testing"

// TestUse gives the package a test variant, whose findings the driver
// must not report a second time.
func TestUse(t *testing.T) {
	if use() == 0 {
		t.Error("use returned 0")
	}
}
