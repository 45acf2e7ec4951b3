package analysisutil

import "testing"

func TestLazyRegexp_compilesOnce(t *testing.T) {
	re := LazyRegexp(`^a+$`)
	if first, again := re(), re(); first != again {
		t.Error("LazyRegexp compiled twice")
	}
	if !re().MatchString("aaa") || re().MatchString("ab") {
		t.Error("LazyRegexp's expression does not match as written")
	}
}
