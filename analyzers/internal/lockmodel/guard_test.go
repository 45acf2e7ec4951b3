package lockmodel_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"golang.org/x/tools/go/analysis"
)

// TestGuard_panicIsPackageError shows that a rule that panics on a
// package fails that package's analysis with an error naming the rule,
// the package and where the panic happened, instead of ending the run.
func TestGuard_panicIsPackageError(t *testing.T) {
	panics := lockmodel.NewAnalyzer("panics", "// Package panics is a rule that panics.\n//\n// # Analyzer panics\n//\n// panics: panic on every package\npackage panics\n", nil,
		func(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
			var block *struct{ n int }
			return block.n, nil // a nil dereference, as a rule's bug would make
		})
	mod, err := fixturecheck.Load(fixtures.Dir(), []*analysis.Analyzer{panics}, fixturecheck.Options{Patterns: []string{"./gate/redisuser"}, Opaque: ruletest.Opaque})
	if err != nil {
		t.Fatal(err)
	}
	acts := mod.Roots(t, panics, "./gate/redisuser")
	if len(acts) == 0 {
		t.Fatal("no action on ./gate/redisuser")
	}
	for _, act := range acts {
		if act.Err == nil {
			t.Errorf("%s: no error from a rule that panics", act.Package.PkgPath)
			continue
		}
		msg := act.Err.Error()
		for _, want := range []string{"leasevet internal error: panics panicked on package " + act.Package.Types.Path(), "nil pointer dereference", "guard_test.go:"} {
			if !strings.Contains(msg, want) {
				t.Errorf("error %q does not contain %q", msg, want)
			}
		}
	}
}
