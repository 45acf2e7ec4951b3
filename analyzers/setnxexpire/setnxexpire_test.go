package setnxexpire_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"github.com/leasevet/leasevet/analyzers/setnxexpire"
)

// TestFixtures judges setnxexpire by the `// want` comments and golden
// files of its packages in testdata/src, testdata/clients and testdata/gredis, one subtest
// per package: run one with -run 'TestFixtures/src/setnxexpire/NAME'. The
// markers' directives are checked too: a misspelt name is reported once,
// by the set's first analyzer.
func TestFixtures(t *testing.T) {
	ruletest.Run(t, setnxexpire.Analyzer.Name,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./setnxexpire/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./setnxexpire/..."}, Fixes: true},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./setnxexpire/...", "./correct/..."}, Fixes: true},
	)
}
