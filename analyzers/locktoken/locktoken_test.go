package locktoken_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"github.com/leasevet/leasevet/analyzers/locktoken"
	"golang.org/x/tools/go/analysis/checker"
)

// TestFixtures judges locktoken by the `// want` comments and golden files
// of its packages in testdata/src, testdata/clients and testdata/gredis, one subtest per
// package: run one with -run 'TestFixtures/src/locktoken/NAME'.
// ./gate/plainhelpers is a package without Redis whose helpers get no
// token fact; ./correct/flags, NX markers that are not locks. Every diagnostic must point, as related information, at
// where the weak value is produced, so that editors can jump to it.
func TestFixtures(t *testing.T) {
	acts := ruletest.Run(t, locktoken.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./locktoken/...", "./gate/plainhelpers", "./correct/flags"}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./locktoken/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./locktoken/...", "./correct/..."}, Fixes: false},
	)
	checkRelated(t, acts)
}

// checkRelated checks that every diagnostic points, as related
// information, at the position where the weak value is produced.
func checkRelated(t *testing.T, acts []*checker.Action) {
	n := 0
	for _, act := range acts {
		for _, d := range act.Diagnostics {
			n++
			if len(d.Related) == 0 || !d.Related[0].Pos.IsValid() {
				t.Errorf("%s: %q has no related position for the value's source", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if n == 0 {
		t.Error("no diagnostics: the fixtures prove nothing")
	}
}
