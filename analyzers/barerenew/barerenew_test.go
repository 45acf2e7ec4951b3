package barerenew_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/barerenew"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
)

// TestFixtures judges barerenew by the `// want` comments and golden files
// of its packages in testdata/src, testdata/clients and testdata/gredis, one subtest per
// package: run one with -run 'TestFixtures/src/barerenew/NAME'.
// ./ownercheck holds owner checks the releasing analyzers must accept.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, barerenew.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./barerenew/...", "./ownercheck/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./barerenew/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./barerenew/...", "./correct/..."}, Fixes: true},
	)
}
