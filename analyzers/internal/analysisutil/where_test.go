package analysisutil

import (
	"go/token"
	"testing"
)

func TestWhere_baseNameAndLine(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("/src/app/lock.go", -1, 100)
	f.SetLines([]int{0, 10, 20})
	if got, want := Where(fset, f.Pos(25)), "lock.go:3"; got != want {
		t.Errorf("Where = %q, want %q", got, want)
	}
}
