package analyzers_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
)

// TestFixRoundTripClients is the fix round trip on the rueidis,
// valkey-go, rueidiscompat and go-zero fixtures, whose module is apart
// from testdata/src (see fixtures.ClientsDir): their fixes (a TTL folded
// into the acquire, inline compare scripts in the client's own API) must
// compile against the real modules too.
func TestFixRoundTripClients(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and builds the whole clients fixture module")
	}
	roundTrip(t, fixtures.ClientsDir())
}
