package releaseresult_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/releaseresult"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestReleaseResult(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), releaseresult.Analyzer, "./releaseresult/...")
}
