package acquireresult_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/acquireresult"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestClients runs the analyzer on rueidis code and rueidislock users, in
// the fixture module that requires them.
func TestClients(t *testing.T) {
	analysistest.Run(t, fixtures.ClientsDir(), acquireresult.Analyzer, "./acquireresult/...")
}
