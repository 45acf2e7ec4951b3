package releasectx_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"github.com/leasevet/leasevet/analyzers/releasectx"
)

// TestFixtures judges releasectx by the `// want` comments and golden
// files of its packages in testdata/src and testdata/clients, one subtest
// per package: run one with -run 'TestFixtures/src/releasectx/NAME'.
// ./correct holds correct locks it must not report.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, releasectx.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./releasectx/...", "./correct/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./releasectx/..."}, Fixes: true},
	)
}
