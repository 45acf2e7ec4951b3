package renewal_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"github.com/leasevet/leasevet/analyzers/renewal"
)

// TestFixtures judges renewal by the `// want` comments of its packages in
// testdata/src, one subtest per package: run one with
// -run 'TestFixtures/src/renewal/NAME'. ./correct holds correct locks that
// must not be reported.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, renewal.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./renewal/...", "./correct/..."}, Fixes: false},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./renewal/...", "./correct/..."}, Fixes: false},
	)
}
