package releaseresult

import "testing"

// TestDrops_redsync states what the two answers mean for `_, err := m.Unlock()`.
func TestDrops_redsync(t *testing.T) {
	if !drops(okResult, errOnly) {
		t.Error("before ErrNodeTaken, keeping only the error drops (false, nil)")
	}
	if drops(errResult, errOnly) {
		t.Error("with ErrNodeTaken, keeping the error keeps the lost lock")
	}
	if !drops(errResult, deferred) {
		t.Error("a deferred Unlock drops its error")
	}
}
