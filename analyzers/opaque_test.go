package analyzers_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
)

// TestOpaque_noFacts checks the promise the fixture tests' lean loads rest
// on (ruletest.Opaque): no analyzer of the set exports a fact about a
// package it calls opaque (the standard library, the client and lock
// libraries), here where the fixture modules are loaded whole. A fact is
// how what an analyzer reads of a package reaches another.
func TestOpaque_noFacts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("loads both fixture modules whole")
	}
	opaque := 0
	for _, load := range []func() (*fixturecheck.Module, error){srcModule, clientsModule} {
		m := loadFixtures(t, load)
		for act := range m.Graph.All() {
			if act.Package.Types == nil || !ruletest.Opaque(act.Package.PkgPath) {
				continue
			}
			opaque++
			for _, f := range act.AllPackageFacts() {
				if f.Package == act.Package.Types {
					t.Errorf("%s exports package fact %v about %s, which ruletest.Opaque says no analyzer reads", act.Analyzer.Name, f.Fact, act.Package.PkgPath)
				}
			}
			for _, f := range act.AllObjectFacts() {
				if f.Object.Pkg() == act.Package.Types {
					t.Errorf("%s exports fact %v about %s.%s, which ruletest.Opaque says no analyzer reads", act.Analyzer.Name, f.Fact, act.Package.PkgPath, f.Object.Name())
				}
			}
		}
	}
	if opaque == 0 {
		t.Error("no opaque package in the fixture modules: the test proves nothing")
	}
}
