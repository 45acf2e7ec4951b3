package analyzers_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/analyzers/acquireloop"
	"github.com/leasevet/leasevet/analyzers/acquireresult"
	"github.com/leasevet/leasevet/analyzers/baredel"
	"github.com/leasevet/leasevet/analyzers/barerenew"
	"github.com/leasevet/leasevet/analyzers/getdel"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/locktoken"
	"github.com/leasevet/leasevet/analyzers/releaseresult"
	"github.com/leasevet/leasevet/analyzers/renewal"
	"github.com/leasevet/leasevet/analyzers/setnxexpire"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// exportedSet is every analyzer package's Analyzer, in the order of
// analyzers.New: the analyzers the fixture tables judge, and the set the
// round trips apply the fixes of.
func exportedSet() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		setnxexpire.Analyzer,
		locktoken.Analyzer,
		releaseresult.Analyzer,
		getdel.Analyzer,
		baredel.Analyzer,
		barerenew.Analyzer,
		acquireresult.Analyzer,
		acquireloop.Analyzer,
		renewal.Analyzer,
	}
}

// Each fixture module is loaded and analysed by the whole set once per
// test binary, for the fixture tables and the round trips alike: loading
// go-redis, redsync and go-zero from source is most of what they cost.
// The four tests that use them run in parallel, so that the loads of the
// two modules and of their fixed copies share the cores.
var (
	srcModule = sync.OnceValues(func() (*fixturecheck.Module, error) {
		return fixturecheck.Load(fixtures.Dir(), exportedSet())
	})
	clientsModule = sync.OnceValues(func() (*fixturecheck.Module, error) {
		return fixturecheck.Load(fixtures.ClientsDir(), exportedSet())
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

// A fixtureRow is one analyzer's test on a fixture module: the packages
// whose `// want` comments it is judged by and, when it offers fixes,
// whether they must give the .golden files (analysistest's
// RunWithSuggestedFixes rather than Run). extra is a further check of its
// results.
type fixtureRow struct {
	analyzer *analysis.Analyzer
	patterns []string
	fixes    bool
	extra    func(t *testing.T, acts []*checker.Action)
}

// srcRows are the tests on testdata/src. Shared packages: ./correct holds
// correct locks none of the three may report; ./ownercheck holds owner
// checks the three releasing analyzers must accept; ./gate/plainhelpers is
// a package without Redis whose helpers get no token fact.
func srcRows() []fixtureRow {
	return []fixtureRow{
		{setnxexpire.Analyzer, []string{"./setnxexpire/..."}, true, nil},
		{locktoken.Analyzer, []string{"./locktoken/...", "./gate/plainhelpers"}, true, checkRelated},
		{releaseresult.Analyzer, []string{"./releaseresult/..."}, true, nil},
		{getdel.Analyzer, []string{"./getdel/...", "./ownercheck/..."}, true, nil},
		{baredel.Analyzer, []string{"./baredel/...", "./ownercheck/...", "./wrapped/..."}, true, nil},
		{barerenew.Analyzer, []string{"./barerenew/...", "./ownercheck/..."}, true, nil},
		{acquireresult.Analyzer, []string{"./acquireresult/...", "./correct/..."}, false, nil},
		{acquireloop.Analyzer, []string{"./acquireloop/...", "./correct/..."}, false, nil},
		{renewal.Analyzer, []string{"./renewal/...", "./correct/..."}, false, nil},
	}
}

// clientsRows are the tests on testdata/clients: rueidis, valkey-go,
// rueidiscompat, go-zero and rueidislock code.
func clientsRows() []fixtureRow {
	return []fixtureRow{
		{setnxexpire.Analyzer, []string{"./setnxexpire/..."}, true, nil},
		{locktoken.Analyzer, []string{"./locktoken/..."}, false, nil},
		{releaseresult.Analyzer, []string{"./releaseresult/..."}, false, nil},
		{getdel.Analyzer, []string{"./getdel/..."}, true, nil},
		{baredel.Analyzer, []string{"./baredel/..."}, true, nil},
		{barerenew.Analyzer, []string{"./barerenew/..."}, true, nil},
		{acquireresult.Analyzer, []string{"./acquireresult/..."}, false, nil},
	}
}

// TestFixtures_src judges each analyzer by the `// want` comments and
// golden files of testdata/src; run one with -run TestFixtures_src/NAME.
func TestFixtures_src(t *testing.T) {
	t.Parallel()
	runRows(t, loadFixtures(t, srcModule), srcRows())
}

// TestFixtures_clients is TestFixtures_src on testdata/clients.
func TestFixtures_clients(t *testing.T) {
	t.Parallel()
	runRows(t, loadFixtures(t, clientsModule), clientsRows())
}

func runRows(t *testing.T, m *fixturecheck.Module, rows []fixtureRow) {
	for _, row := range rows {
		t.Run(row.analyzer.Name, func(t *testing.T) {
			check := m.Check
			if row.fixes {
				check = m.CheckFixes
			}
			acts := check(t, row.analyzer, row.patterns...)
			if row.extra != nil {
				row.extra(t, acts)
			}
		})
	}
}

// TestFixtures_everyAnalyzer checks that the tables cover the whole set
// analyzers.New builds, so that a new analyzer cannot go untested.
func TestFixtures_everyAnalyzer(t *testing.T) {
	names := func(as []*analysis.Analyzer) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.Name)
		}
		return out
	}
	want := names(analyzers.Default())
	if got := names(exportedSet()); !slices.Equal(got, want) {
		t.Errorf("exportedSet = %v, want the analyzers of analyzers.New %v", got, want)
	}
	var rows []*analysis.Analyzer
	for _, row := range srcRows() {
		rows = append(rows, row.analyzer)
	}
	if got := names(rows); !slices.Equal(got, want) {
		t.Errorf("srcRows test %v, want one row per analyzer %v", got, want)
	}
}

// checkRelated checks that every diagnostic points, as related
// information, at the position where the weak value is produced, so that
// editors can jump to it.
func checkRelated(t *testing.T, acts []*checker.Action) {
	n := 0
	for _, act := range acts {
		for _, d := range act.Diagnostics {
			n++
			if len(d.Related) == 0 || !d.Related[0].Pos.IsValid() {
				t.Errorf("%s: %q has no related position for the value's source", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if n == 0 {
		t.Error("no diagnostics: the fixtures prove nothing")
	}
}
