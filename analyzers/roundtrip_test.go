package analyzers_test

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/internal/modreq"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestFixRoundTrip applies the first suggested fix of every diagnostic of
// every analyzer to a copy of the whole fixture module that does not
// require safelock yet, as a user's module does not, then checks that the
// fixes' safelock import got its requirement (through modreq, as -fix
// adds it), that the result is gofmt-formatted, builds, passes go vet, and
// that leasevet finds nothing left to fix; applying the fixes again
// changes nothing. analysistest's golden files are not type-checked, so
// this is the test that a fix compiles.
func TestFixRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and builds the whole fixture module")
	}
	dir := copyFixtures(t)
	roundTrip(t, dir, "the fixture module", func(changed []string) { requireSafelock(t, dir, changed) })
}

// roundTrip applies every first fix in the module at dir, then checks the
// result: gofmt-formatted, prepared by afterFix (which may be nil), builds,
// passes go vet, leaves nothing to fix and no finding of a fixed category.
func roundTrip(t *testing.T, dir, what string, afterFix func(changed []string)) {
	t.Helper()
	before := analyze(t, dir)
	fixed := countFixes(before)
	if len(fixed) == 0 {
		t.Fatalf("no suggested fixes in %s: the round trip would prove nothing", what)
	}
	changed := applyFixes(t, before)
	t.Logf("applied fixes to %d files: %v", len(changed), fixed)
	for _, file := range changed {
		checkFormatted(t, file)
	}
	if afterFix != nil {
		afterFix(changed)
	}
	run(t, dir, "go", "build", "./...")
	run(t, dir, "go", "vet", "./...")
	after := analyze(t, dir)
	if left := countFixes(after); len(left) > 0 {
		t.Errorf("fixes still offered after applying them once (not idempotent): %v", left)
		for _, d := range after {
			if len(d.diag.SuggestedFixes) > 0 {
				t.Logf("  %s: %s", d.posn, d.diag.Message)
			}
		}
	}
	checkFixedCategoriesGone(t, before, after)
}

type finding struct {
	analyzer string
	posn     string
	file     string
	diag     analysis.Diagnostic
	pass     *packages.Package
}

// requireSafelock adds the safelock requirement the fixes need, as -fix
// does, and checks that it was missing before and is there after.
func requireSafelock(t *testing.T, dir string, changed []string) {
	t.Helper()
	mods, err := modreq.Missing(changed)
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) != 1 || mods[0].Dir != dir {
		t.Fatalf("modules missing safelock after the fixes = %v; want the fixture copy %s", mods, dir)
	}
	var msgs strings.Builder
	// v0.0.0 resolves through the copy's replace directive, offline.
	if !modreq.Ensure(context.Background(), &msgs, "leasevet", mods, "v0.0.0") {
		t.Fatalf("adding the safelock requirement failed:\n%s", msgs.String())
	}
	t.Log(strings.TrimSpace(msgs.String()))
	if left, err := modreq.Missing(changed); err != nil || len(left) > 0 {
		t.Fatalf("after modreq.Ensure, modules still missing safelock: %v %v", left, err)
	}
}

// copyFixtures copies the fixture module without its golden files and
// without its requirement of safelock, whose replace directive it points at
// this repository; the packages that import safelock before any fix are
// left out, since without the requirement they could not load.
func copyFixtures(t *testing.T) string {
	src := fixtures.Dir()
	dst := copyModule(t, src)
	repo, err := filepath.Abs(filepath.Join(src, "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	run(t, dst, "go", "mod", "edit", "-droprequire", modreq.SafelockPath,
		"-replace", modreq.SafelockPath+"="+filepath.Join(repo, "safelock"))
	dropSafelockPackages(t, dst)
	return dst
}

// dropSafelockPackages removes the package directories of dir that
// import safelock already.
func dropSafelockPackages(t *testing.T, dir string) {
	t.Helper()
	drop := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err == nil && modreq.ImportsSafelock(data) {
			drop[filepath.Dir(path)] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range drop {
		rel, _ := filepath.Rel(dir, pkg)
		t.Logf("left out %s: it imports safelock before any fix", rel)
		if err := os.RemoveAll(pkg); err != nil {
			t.Fatal(err)
		}
	}
}

func analyze(t *testing.T, dir string) []finding {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading the fixture module", n)
	}
	graph, err := checker.Analyze(analyzers.Default(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []finding
	seen := map[string]bool{}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			id := fmt.Sprintf("%s %s %s", act.Analyzer.Name, posn, d.Message)
			if seen[id] { // a file shared by a package and its test variant
				continue
			}
			seen[id] = true
			out = append(out, finding{act.Analyzer.Name, posn.String(), posn.Filename, d, act.Package})
		}
	}
	return out
}

func countFixes(fs []finding) map[string]int {
	n := map[string]int{}
	for _, f := range fs {
		if len(f.diag.SuggestedFixes) > 0 {
			n[f.diag.Category]++
		}
	}
	return n
}

type edit struct {
	start, end int
	text       string
}

// applyFixes applies the first fix of each diagnostic and returns the
// changed files. Identical edits (a file analysed in two package variants)
// are applied once; overlapping different edits fail the test.
func applyFixes(t *testing.T, fs []finding) []string {
	byFile := map[string][]edit{}
	for _, f := range fs {
		if len(f.diag.SuggestedFixes) == 0 {
			continue
		}
		for _, e := range f.diag.SuggestedFixes[0].TextEdits {
			tf := f.pass.Fset.File(e.Pos)
			byFile[tf.Name()] = append(byFile[tf.Name()], edit{tf.Offset(e.Pos), tf.Offset(e.End), string(e.NewText)})
		}
	}
	var files []string
	for file, edits := range byFile {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		out, err := applyEdits(src, edits)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := os.WriteFile(file, out, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	sort.Strings(files)
	return files
}

func applyEdits(src []byte, edits []edit) ([]byte, error) {
	sort.Slice(edits, func(i, j int) bool {
		if edits[i].start != edits[j].start {
			return edits[i].start < edits[j].start
		}
		return edits[i].end < edits[j].end
	})
	edits = slices.Compact(edits)
	var buf bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last {
			return nil, fmt.Errorf("overlapping edits at offset %d", e.start)
		}
		buf.Write(src[last:e.start])
		buf.WriteString(e.text)
		last = e.end
	}
	buf.Write(src[last:])
	return buf.Bytes(), nil
}

func checkFormatted(t *testing.T, file string) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	formatted, err := format.Source(src)
	if err != nil {
		t.Errorf("%s does not parse after the fixes: %v", file, err)
		return
	}
	if !bytes.Equal(src, formatted) {
		t.Errorf("%s is not gofmt-formatted after the fixes", file)
	}
}

// checkFixedCategoriesGone checks that every diagnostic that had a fix is
// gone: per category, what is left equals what had no fix before.
func checkFixedCategoriesGone(t *testing.T, before, after []finding) {
	unfixed := map[string]int{}
	for _, f := range before {
		if len(f.diag.SuggestedFixes) == 0 {
			unfixed[f.diag.Category]++
		}
	}
	left := map[string]int{}
	for _, f := range after {
		left[f.diag.Category]++
	}
	for cat := range countFixes(before) {
		if left[cat] > unfixed[cat] {
			t.Errorf("category %s: %d diagnostics left after fixing, want at most the %d that had no fix", cat, left[cat], unfixed[cat])
		}
	}
}

func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}
