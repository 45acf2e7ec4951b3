package fixturecheck_test

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// marked is the fact badcall exports for functions named marked*.
type marked struct{}

func (*marked) AFact()         {}
func (*marked) String() string { return "marked" }

// newBadcall returns a toy analyzer: it reports every call of bad, with a
// fix that replaces the call by good().
func newBadcall() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:      "badcall",
		Doc:       "reports calls of bad",
		FactTypes: []analysis.Fact{new(marked)},
		Run:       runBadcall,
	}
}

func runBadcall(pass *analysis.Pass) (any, error) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if strings.HasPrefix(n.Name.Name, "marked") {
					pass.ExportObjectFact(pass.TypesInfo.Defs[n.Name], new(marked))
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "bad" {
					pass.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: "call of bad",
						SuggestedFixes: []analysis.SuggestedFix{{Message: "Use good",
							TextEdits: []analysis.TextEdit{{Pos: n.Pos(), End: n.End(), NewText: []byte("good()")}}}}})
				}
			}
			return true
		})
	}
	return nil, nil
}

// recorder is a Testing that keeps what is reported.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// in returns the faults reported in the files of the toy package pkg.
func (r *recorder) in(pkg string) []string {
	var out []string
	for _, e := range r.errs {
		if strings.Contains(e, "/"+pkg+"/") {
			out = append(out, e)
		}
	}
	return out
}

// TestCheckFixes_agreesWithAnalysistest judges the toy module's packages,
// one per way a test can pass or fail, with CheckFixes and with
// analysistest.RunWithSuggestedFixes: in each package both must find the
// number of faults the case is built to have. (One run of each over all
// the packages: a fault names its file, hence its package.)
func TestCheckFixes_agreesWithAnalysistest(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	a := newBadcall()
	m, err := fixturecheck.Load(dir, []*analysis.Analyzer{a}, fixturecheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	faults := map[string]int{
		"ok":           0, // diagnostics, a +1 offset, a fact and a plain golden file
		"unexpected":   1, // a diagnostic without a want comment
		"unmatched":    3, // a want without a diagnostic; a diagnostic that matches not its want
		"wronggolden":  1,
		"nogolden":     1,
		"unusedimport": 0, // the fix leaves an import unused; the comparison drops it
		"twoimports":   0, // the fix leaves the first of two imports unused
		"txtar":        0, // a golden archive with a section per fix message
	}
	var patterns []string
	for pkg := range faults {
		patterns = append(patterns, "./"+pkg)
	}
	var got, ref recorder
	m.CheckFixes(&got, a, patterns...)
	analysistest.RunWithSuggestedFixes(&ref, dir, a, patterns...)
	for pkg, n := range faults {
		g, r := got.in(pkg), ref.in(pkg)
		if len(g) != n || len(r) != n {
			t.Errorf("%s: CheckFixes found %d faults, analysistest %d, want %d\nCheckFixes: %s\nanalysistest: %s",
				pkg, len(g), len(r), n, strings.Join(g, "\n"), strings.Join(r, "\n"))
		}
	}
	if len(got.errs) != len(ref.errs) {
		t.Errorf("CheckFixes found %d faults in all, analysistest %d", len(got.errs), len(ref.errs))
	}
}

// TestCheckFixes_staleGolden checks that a golden file of a file no fix
// edits is a fault (analysistest passes it silently).
func TestCheckFixes_staleGolden(t *testing.T) {
	dir := filepath.Join("testdata", "mod")
	a := newBadcall()
	m, err := fixturecheck.Load(dir, []*analysis.Analyzer{a}, fixturecheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var r recorder
	m.CheckFixes(&r, a, "./stalegolden", "./ok")
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "stalegolden.go.golden exists, but no fix edits") {
		t.Errorf("CheckFixes on a stale golden file: %q, want one fault naming stalegolden.go.golden", r.errs)
	}
}

// TestRoots_patterns checks the two pattern forms, and that a pattern
// matching nothing, or of another form, is reported.
func TestRoots_patterns(t *testing.T) {
	dir := filepath.Join("testdata", "mod")
	a := newBadcall()
	m, err := fixturecheck.Load(dir, []*analysis.Analyzer{a}, fixturecheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for pattern, want := range map[string]int{"./ok": 1, "./...": 9, "./nosuch": 0, "ok": 0} {
		var r recorder
		acts := m.Roots(&r, a, pattern)
		if len(acts) != want || (want == 0) != (len(r.errs) == 1) {
			t.Errorf("Roots(%s) = %d actions, %d errors; want %d actions", pattern, len(acts), len(r.errs), want)
		}
	}
}
