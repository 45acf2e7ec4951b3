package locktoken_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/locktoken"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestLockToken(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), locktoken.Analyzer, "./locktoken/...")
}
