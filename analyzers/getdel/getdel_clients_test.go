package getdel_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/getdel"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestClients runs the analyzer on rueidis, valkey-go, rueidiscompat and
// go-zero code, in the fixture module that requires them.
func TestClients(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.ClientsDir(), getdel.Analyzer, "./getdel/...")
}
