package releaseresult_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"github.com/leasevet/leasevet/analyzers/releaseresult"
)

// TestFixtures judges releaseresult by the `// want` comments and golden
// files of its packages in testdata/src, testdata/clients and testdata/gredis, one subtest
// per package: run one with -run 'TestFixtures/src/releaseresult/NAME'.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, releaseresult.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./releaseresult/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./releaseresult/..."}, Fixes: false},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./releaseresult/...", "./correct/..."}, Fixes: false},
	)
}
