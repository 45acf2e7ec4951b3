package ownerfix

import (
	"go/types"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestSafelockClientMethods holds safelockClientMethods to the method set
// of safelock.Client: a method the list has and the interface does not
// keeps the fix from clients safelock takes (a DelExArgs in the list
// refused every go-redis older than v9.17, which has none); one the
// interface has and the list does not would offer a fix that does not
// compile.
func TestSafelockClientMethods(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedTypes | packages.NeedName, Dir: filepath.Join("..", "..", "..", "safelock")}
	pkgs, err := packages.Load(cfg, safelockPath)
	if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
		t.Fatalf("loading %s: %v", safelockPath, err)
	}
	obj := pkgs[0].Types.Scope().Lookup("Client")
	if obj == nil {
		t.Fatal("safelock has no Client")
	}
	iface := obj.Type().Underlying().(*types.Interface)
	var want []string
	for i := range iface.NumMethods() {
		want = append(want, iface.Method(i).Name())
	}
	got := slices.Clone(safelockClientMethods)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("safelockClientMethods = %v; safelock.Client has %v", got, want)
	}
}
