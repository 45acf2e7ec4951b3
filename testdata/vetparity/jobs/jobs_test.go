package jobs

import "testing"

// TestRun is here so that go vet analyses the package with its tests, as
// leasevet does by default.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a Redis server")
	}
	Run("test", func() {})
}
