package baredel_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/baredel"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
)

// TestFixtures judges baredel by the `// want` comments and golden files
// of its packages in testdata/src, testdata/clients and testdata/gredis, one subtest per
// package: run one with -run 'TestFixtures/src/baredel/NAME'. ./ownercheck
// holds owner checks the releasing analyzers must accept; ./wrapped,
// wrappers in packages of their own; ./correct/flags, NX markers that
// are not locks.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, baredel.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./baredel/...", "./ownercheck/...", "./wrapped/...", "./correct/flags"}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./baredel/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./baredel/...", "./correct/..."}, Fixes: true},
	)
}
