package analyzers_test

import (
	"sync"
	"testing"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
)

// set is the analyzer set the round trips apply the fixes of, as every
// driver builds it.
var set = analyzers.Default()

// Each fixture module is loaded and analysed by the whole set once per
// test binary: loading go-redis, redsync and go-zero from source is most
// of what the round trips cost. They run in parallel, so that the loads of
// the two modules and of their fixed copies share the cores.
var (
	srcModule = sync.OnceValues(func() (*fixturecheck.Module, error) {
		return fixturecheck.Load(fixtures.Dir(), set, fixturecheck.Options{})
	})
	clientsModule = sync.OnceValues(func() (*fixturecheck.Module, error) {
		return fixturecheck.Load(fixtures.ClientsDir(), set, fixturecheck.Options{})
	})
)

// loadFixtures returns the loaded module or stops the test.
func loadFixtures(t *testing.T, load func() (*fixturecheck.Module, error)) *fixturecheck.Module {
	t.Helper()
	m, err := load()
	if err != nil {
		t.Fatal(err)
	}
	return m
}
