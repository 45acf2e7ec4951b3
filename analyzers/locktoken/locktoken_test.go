package locktoken_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/locktoken"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestLockToken(t *testing.T) {
	// gate/plainhelpers: helpers of a package without Redis get no token fact.
	results := analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), locktoken.Analyzer, "./locktoken/...", "./gate/plainhelpers")
	checkRelated(t, results)
}

// checkRelated checks that every diagnostic points, as related
// information, at the position where the weak value is produced, so that
// editors can jump to it.
func checkRelated(t *testing.T, results []*analysistest.Result) {
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if len(d.Related) == 0 || !d.Related[0].Pos.IsValid() {
				t.Errorf("%s: %q has no related position for the value's source", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if n == 0 {
		t.Error("no diagnostics: the fixtures prove nothing")
	}
}
