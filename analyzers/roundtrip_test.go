package analyzers_test

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/suppress"
	"github.com/leasevet/leasevet/internal/modreq"
	"github.com/leasevet/leasevet/internal/staleimports"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// TestFixRoundTrip_src applies the first suggested fix of every diagnostic
// of every analyzer to a copy of the whole fixture module that does not
// require safelock yet, as a user's module does not, then checks that the
// fixes' safelock import got its requirement (through modreq, as -fix
// adds it), that the result is gofmt-formatted, type-checks and passes go
// vet's analyzers, and that leasevet finds nothing left to fix; applying
// the fixes again changes nothing. The golden files are not type-checked,
// so this is the test that a fix compiles.
func TestFixRoundTrip_src(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("loads the whole fixture module twice")
	}
	m := loadFixtures(t, srcModule)
	dir := copyFixtures(t)
	roundTrip(t, m, dir, "the fixture module", func(changed []string) { requireSafelock(t, dir, changed) })
}

// roundTrip applies every first fix that m, the analysed original of the
// module copied to dir, offers in the copy, then checks the result:
// gofmt-formatted, prepared by afterFix (which may be nil), type-checked
// and vetted, nothing left to fix and no finding of a fixed category.
//
// The fixes come from the original's analysis, which the fixture tables
// share, rather than from analysing the copy again: besides its go.mod and
// golden files, the copy differs only in leaving out the packages that
// import safelock, which no package it keeps imports, and findings flow
// only from a package to its importers.
func roundTrip(t *testing.T, m *fixturecheck.Module, dir, what string, afterFix func(changed []string)) {
	t.Helper()
	before := copiedFindings(m, dir)
	fixed := countFixes(before)
	if len(fixed) == 0 {
		t.Fatalf("no suggested fixes in %s: the round trip would prove nothing", what)
	}
	changed := applyFixes(t, before, m.Dir, dir)
	t.Logf("applied fixes to %d files: %v", len(changed), fixed)
	for _, file := range changed {
		checkFormatted(t, file)
		dropStaleImports(t, file, filepath.Join(m.Dir, mustRel(t, dir, file)))
	}
	if afterFix != nil {
		afterFix(changed)
	}
	after := analyzeFixed(t, dir)
	if left := countFixes(after); len(left) > 0 {
		t.Errorf("fixes still offered after applying them once (not idempotent): %v", left)
		for _, d := range after {
			if len(d.diag.SuggestedFixes) > 0 {
				t.Logf("  %s: %s", d.posn, d.diag.Message)
			}
		}
	}
	checkFixedCategoriesGone(t, before, after, changed, m.Dir, dir)
	checkDeclaredCategories(t, before)
}

// checkDeclaredCategories checks that every diagnostic has a category its
// analyzer declares (or one of the directive checks'): a category left
// undeclared could not be named by //leasevet:ignore.
func checkDeclaredCategories(t *testing.T, fs []finding) {
	declared := map[string][]string{}
	for _, mb := range analyzers.Members() {
		declared[mb.Analyzer.Name] = mb.Categories
	}
	for _, f := range fs {
		c := f.diag.Category
		if !slices.Contains(declared[f.analyzer], c) && !slices.Contains(suppress.Categories, c) {
			t.Errorf("%s: %s reports category %q, which it does not declare", f.posn, f.analyzer, c)
		}
	}
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

// analyzeFixed loads the fixed copy at dir and analyses it with the set
// and go vet's analyzers. A package that no longer type-checks, which go
// build would reject, and a vet finding on the copy's packages fail the
// test; the set's findings are returned.
//
// go vet's analyzers run in the process, on the packages loaded from
// source, rather than as go build ./... and go vet ./...: those compile
// the module's whole import closure (go-redis v8 and v9, redigo, go-zero
// with gRPC and OpenTelemetry), which took most of the suite's time on a
// cold build cache, to check again what the type checker has checked.
func analyzeFixed(t *testing.T, dir string) []finding {
	t.Helper()
	vet := vetSuite()
	m, err := fixturecheck.Load(dir, append(slices.Clone(set), vet...), fixturecheck.Options{})
	if err != nil {
		t.Fatalf("the fixed module does not load: %v", err)
	}
	for _, act := range m.Graph.Roots {
		if slices.Contains(vet, act.Analyzer) {
			for _, d := range act.Diagnostics {
				t.Errorf("go vet: %s: %s: %s", act.Package.Fset.Position(d.Pos), act.Analyzer.Name, d.Message)
			}
		}
	}
	return findings(t, m)
}

// copiedFindings returns the findings of the original module m in files
// the copy at dir holds.
func copiedFindings(m *fixturecheck.Module, dir string) []finding {
	var out []finding
	for _, f := range findings(nil, m) {
		rel, err := filepath.Rel(m.Dir, f.file)
		if err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, rel)); err == nil {
			out = append(out, f)
		}
	}
	return out
}

// findings returns the diagnostics of the set's actions on the root
// packages of m, once each (a file shared by a package and its test
// variant is analysed twice). Analysis errors are reported to t, if any.
func findings(t *testing.T, m *fixturecheck.Module) []finding {
	var out []finding
	seen := map[string]bool{}
	for _, act := range m.Graph.Roots {
		if !slices.Contains(set, act.Analyzer) {
			continue
		}
		if act.Err != nil && t != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			id := fmt.Sprintf("%s %s %s", act.Analyzer.Name, posn, d.Message)
			if seen[id] {
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

// applyFixes applies the first fix of each diagnostic, found in the module
// at from, to the same files in its copy at to, and returns the changed
// files of the copy. Identical edits (a file analysed in two package variants)
// are applied once; overlapping different edits fail the test.
func applyFixes(t *testing.T, fs []finding, from, to string) []string {
	byFile := map[string][]edit{}
	for _, f := range fs {
		if len(f.diag.SuggestedFixes) == 0 {
			continue
		}
		for _, e := range f.diag.SuggestedFixes[0].TextEdits {
			tf := f.pass.Fset.File(e.Pos)
			rel, err := filepath.Rel(from, tf.Name())
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(to, rel)
			byFile[name] = append(byFile[name], edit{tf.Offset(e.Pos), tf.Offset(e.End), string(e.NewText)})
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

// dropStaleImports removes the imports the fixes of file left unused, as
// leasevet -fix and go fix do after applying them (the edits themselves
// were checked as they are); orig is the file before the fixes.
func dropStaleImports(t *testing.T, file, orig string) {
	before, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out, err := staleimports.Fixed(before, after)
	if err != nil {
		t.Errorf("%s: %v", file, err)
		return
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustRel(t *testing.T, base, path string) string {
	rel, err := filepath.Rel(base, path)
	if err != nil {
		t.Fatal(err)
	}
	return rel
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
// gone: per category, what is left is at most what had no fix before,
// besides the findings the fixes make true. A fix that makes a wrapper's
// release or renewal owner-checked gives it an answer, and a caller that
// drops that answer is then reported (unchecked-release): those are the
// findings whose message names a command or loop in a file the fixes
// changed ("(EVAL at lock.go:25)") and that no finding of that file and
// message had before.
func checkFixedCategoriesGone(t *testing.T, before, after []finding, changed []string, beforeDir, afterDir string) {
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
	for _, f := range newFindings(before, after, beforeDir, afterDir) {
		if f.diag.Category == "unchecked-release" && namesChangedFile(f.diag.Message, changed) {
			t.Logf("made true by a fix: %s: %s", f.posn, f.diag.Message)
			left[f.diag.Category]--
		}
	}
	for cat := range countFixes(before) {
		if left[cat] > unfixed[cat] {
			t.Errorf("category %s: %d diagnostics left after fixing, want at most the %d that had no fix", cat, left[cat], unfixed[cat])
			for _, f := range newFindings(before, after, beforeDir, afterDir) {
				if f.diag.Category == cat {
					t.Logf("  new after the fixes: %s: %s", f.posn, f.diag.Message)
				}
			}
		}
	}
}

// commandAt matches the place a message names: "(EVAL at lock.go:25)",
// "(the loop at lease.go:214)".
var commandAt = regexp.MustCompile(`\bat ([\w.-]+\.go):\d+\)`)

// lineNumber matches the line of a place a message names.
var lineNumber = regexp.MustCompile(`:\d+`)

// namesChangedFile reports whether msg names a place in one of the
// changed files.
func namesChangedFile(msg string, changed []string) bool {
	for _, m := range commandAt.FindAllStringSubmatch(msg, -1) {
		for _, file := range changed {
			if filepath.Base(file) == m[1] {
				return true
			}
		}
	}
	return false
}

// newFindings returns the findings after the fixes whose file (relative
// to its module copy) and message no finding had before, line numbers
// left out: lines move when a fix edits a file.
func newFindings(before, after []finding, beforeDir, afterDir string) []finding {
	key := func(f finding, dir string) string {
		rel, _ := filepath.Rel(dir, f.file)
		return rel + "\x00" + lineNumber.ReplaceAllString(f.diag.Message, ":N")
	}
	seen := map[string]bool{}
	for _, f := range before {
		seen[key(f, beforeDir)] = true
	}
	var out []finding
	for _, f := range after {
		if !seen[key(f, afterDir)] {
			out = append(out, f)
		}
	}
	return out
}

func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}
