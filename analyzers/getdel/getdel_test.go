package getdel_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/getdel"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
)

// TestFixtures judges getdel by the `// want` comments and golden files of
// its packages in testdata/src, testdata/clients and testdata/gredis, one subtest per
// package: run one with -run 'TestFixtures/src/getdel/NAME'. ./ownercheck
// holds owner checks the releasing analyzers must accept.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, getdel.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./getdel/...", "./ownercheck/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./getdel/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./getdel/...", "./correct/..."}, Fixes: true},
	)
}
