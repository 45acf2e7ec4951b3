package acquireresult_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/acquireresult"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
)

// TestFixtures judges acquireresult by the `// want` comments of its
// packages in testdata/src, testdata/clients and testdata/gredis, one subtest per package:
// run one with -run 'TestFixtures/src/acquireresult/NAME'. ./correct holds
// correct locks that must not be reported.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, acquireresult.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./acquireresult/...", "./correct/..."}, Fixes: false},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./acquireresult/..."}, Fixes: false},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./acquireresult/...", "./correct/..."}, Fixes: false},
	)
}
