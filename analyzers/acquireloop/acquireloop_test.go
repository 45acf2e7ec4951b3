package acquireloop_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/acquireloop"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
)

// TestFixtures judges acquireloop by the `// want` comments of its
// packages in testdata/src, one subtest per package: run one with
// -run 'TestFixtures/src/acquireloop/NAME'. ./correct holds correct locks
// that must not be reported.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, acquireloop.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./acquireloop/...", "./correct/..."}, Fixes: false},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./acquireloop/...", "./correct/..."}, Fixes: false},
	)
}
