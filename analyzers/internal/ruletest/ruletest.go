// Package ruletest runs the fixture test of one leasevet analyzer: the
// analyzer as the set every driver builds has it (its model, the names its
// directives may give), judged by package fixturecheck on the rows of its
// fixture packages, with the packages no leasevet analyzer reads loaded
// lean (Opaque).
//
// It is the one place that knows both the analyzer set and which packages
// the set leaves alone; fixturecheck knows neither.
package ruletest

import (
	"slices"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// Run judges the analyzer of the set named name by rows (see
// fixturecheck.Run) and returns the actions judged.
func Run(t *testing.T, name string, rows ...fixturecheck.Row) []*checker.Action {
	t.Helper()
	set := analyzers.Default()
	i := slices.IndexFunc(set, func(a *analysis.Analyzer) bool { return a.Name == name })
	if i < 0 {
		t.Fatalf("no analyzer %s in the set", name)
	}
	return fixturecheck.Run(t, set[i], Opaque, rows...)
}

// Opaque reports whether no leasevet analyzer reads the function bodies of
// the package at path: the standard library, which reaches no Redis
// client (so the model's gate stops there) and whose helpers locktoken
// does not trace; and the client and lock libraries themselves, which the
// gate and locktoken leave out, since their commands are the
// implementation the rules trust. A fact of a package reachable only
// through these reaches no fixture package either. An analyzer that reads
// one of them must change this, or its fixture tests would see less than
// the drivers do; TestOpaque_readsNothing holds the set to it.
func Opaque(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") || rediscall.IsClientPackage(path) || rediscall.IsLockLibrary(path)
}
