package fixturecheck

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// A Row is one fixture module an analyzer is judged on: the packages whose
// `// want` comments judge it and, when it offers fixes, whether they
// must give the .golden files (analysistest's RunWithSuggestedFixes
// rather than Run).
type Row struct {
	Dir      string   // the fixture module's root directory
	Patterns []string // "./dir" or "./dir/...", relative to Dir
	Fixes    bool
}

// Run judges a by rows: for each row, it loads the packages the row
// names, once, with opaque as Options.Opaque, analyses them with a alone
// (and what it requires), and checks each package as Check or CheckFixes
// would, in a subtest named by the module and the package path
// (TestFixtures/src/baredel/redigo). It returns the actions judged, for
// further checks.
func Run(t *testing.T, a *analysis.Analyzer, opaque func(string) bool, rows ...Row) []*checker.Action {
	t.Helper()
	var acts []*checker.Action
	for _, row := range rows {
		t.Run(filepath.Base(row.Dir), func(t *testing.T) {
			m, err := Load(row.Dir, []*analysis.Analyzer{a}, Options{Patterns: row.Patterns, Opaque: opaque})
			if err != nil {
				t.Fatal(err)
			}
			acts = append(acts, m.runPackages(t, a, row)...)
		})
	}
	return acts
}

// runPackages judges a on each package of m that row names, in a subtest
// of its own; a package's test variants are judged with it.
func (m *Module) runPackages(t *testing.T, a *analysis.Analyzer, row Row) []*checker.Action {
	roots := m.Roots(t, a, row.Patterns...)
	var order []string
	byPkg := map[string][]*checker.Action{}
	for _, act := range roots {
		p := m.relPath(act)
		if byPkg[p] == nil {
			order = append(order, p)
		}
		byPkg[p] = append(byPkg[p], act)
	}
	for _, p := range order {
		t.Run(p, func(t *testing.T) {
			for _, act := range byPkg[p] {
				m.judgeAction(t, act, row.Fixes)
			}
		})
	}
	return roots
}

// relPath is the path of act's package in its module, test variants
// named as the package they test: baredel/redigo.
func (m *Module) relPath(act *checker.Action) string {
	p := act.Package
	path := strings.TrimSuffix(p.PkgPath, ".test")
	if p.ForTest != "" || strings.HasSuffix(p.Name, "_test") {
		path = strings.TrimSuffix(path, "_test")
	}
	return strings.TrimPrefix(strings.TrimPrefix(path, m.Path), "/")
}
