package locktoken_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/locktoken"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestClients runs the analyzer on rueidis, valkey-go, rueidiscompat and
// go-zero code, in the fixture module that requires them.
func TestClients(t *testing.T) {
	analysistest.Run(t, fixtures.ClientsDir(), locktoken.Analyzer, "./locktoken/...")
}
