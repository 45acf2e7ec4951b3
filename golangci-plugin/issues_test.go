package golangciplugin

import (
	"errors"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// testFiles is a file set with two files of 20 lines of 10 bytes each,
// in two directories of one module; pos gives the position of a line.
type testFiles struct {
	fset        *token.FileSet
	lock, other *token.File
}

func newTestFiles() testFiles {
	fset := token.NewFileSet()
	lines := make([]int, 20)
	for i := range lines {
		lines[i] = i * 10
	}
	lock := fset.AddFile("/m/locks/lock.go", -1, 200)
	lock.SetLines(lines)
	other := fset.AddFile("/m/jobs/nightly.go", -1, 200)
	other.SetLines(lines)
	return testFiles{fset, lock, other}
}

func (tf testFiles) pos(f *token.File, line, col int) token.Pos {
	return f.LineStart(line) + token.Pos(col-1)
}

func TestIssues_foldsRelatedAndCategory(t *testing.T) {
	tf := newTestFiles()
	at := tf.pos(tf.lock, 5, 2)
	tests := []struct {
		name string
		d    analysis.Diagnostic
		want string
	}{
		{"related in another directory, here replaced",
			analysis.Diagnostic{Pos: at, Category: "bare-del", Message: "Del releases lock key key",
				Related: []analysis.RelatedInformation{{Pos: tf.pos(tf.other, 3, 1), Message: "a caller passes lock key here"}}},
			"Del releases lock key key (a caller passes lock key at ../jobs/nightly.go:3) [bare-del]"},
		{"related without the word here, in the same file",
			analysis.Diagnostic{Pos: at, Category: "instance-token", Message: "SetNX writes os.Hostname()",
				Related: []analysis.RelatedInformation{{Pos: tf.pos(tf.lock, 2, 4), Message: "the lock value comes from os.Hostname()"}}},
			"SetNX writes os.Hostname() (the lock value comes from os.Hostname() at lock.go:2) [instance-token]"},
		{"related the message names already; category already at the end",
			analysis.Diagnostic{Pos: at, Category: "get-del", Message: "Del after Get at lock.go:3 compared its value [get-del]",
				Related: []analysis.RelatedInformation{
					{Pos: tf.pos(tf.lock, 3, 1), Message: "value read here"},
					{Pos: tf.pos(tf.lock, 1, 1), Message: "lock acquired here"}}},
			"Del after Get at lock.go:3 compared its value (lock acquired at lock.go:1) [get-del]"},
		{"a longer line number is not a mention; no category",
			analysis.Diagnostic{Pos: at, Message: "see lock.go:12",
				Related: []analysis.RelatedInformation{{Pos: tf.pos(tf.lock, 1, 1), Message: "acquired here"}}},
			"see lock.go:12 (acquired at lock.go:1)"},
	}
	for _, tt := range tests {
		got := issues(tf.fset, []analysis.Diagnostic{tt.d})
		if len(got) != 1 {
			t.Fatalf("%s: %d issues, want 1", tt.name, len(got))
		}
		if got[0].Message != tt.want || got[0].Related != nil || got[0].Pos != at {
			t.Errorf("%s:\n got %q (related %v, pos %v)\nwant %q at %v", tt.name, got[0].Message, got[0].Related, got[0].Pos, tt.want, at)
		}
	}
}

func TestIssues_oneIssuePerLine(t *testing.T) {
	tf := newTestFiles()
	fix := func(msg string) []analysis.SuggestedFix { return []analysis.SuggestedFix{{Message: msg}} }
	found := []analysis.Diagnostic{
		{Pos: tf.pos(tf.lock, 7, 2), Category: "bare-del", Message: "Del", SuggestedFixes: fix("release")},
		{Pos: tf.pos(tf.lock, 4, 5), Category: "no-ttl", Message: "no TTL"},
		{Pos: tf.pos(tf.lock, 4, 5), Category: "constant-token", Message: "constant", SuggestedFixes: fix("token")},
		{Pos: tf.pos(tf.lock, 4, 8), Category: "unchecked-acquire", Message: "unchecked"},
		{Pos: tf.pos(tf.other, 4, 5), Category: "no-ttl", Message: "other file"},
	}
	got := issues(tf.fset, found)
	var texts []string
	for _, d := range got {
		p := tf.fset.Position(d.Pos)
		var fixes []string
		for _, f := range d.SuggestedFixes {
			fixes = append(fixes, f.Message)
		}
		texts = append(texts, p.String()+" "+d.Message+" fixes="+strings.Join(fixes, ","))
	}
	want := []string{
		"/m/locks/lock.go:4:5 constant [constant-token]; also: no TTL [no-ttl]; also: unchecked [unchecked-acquire] fixes=token",
		"/m/locks/lock.go:7:2 Del [bare-del] fixes=release",
		"/m/jobs/nightly.go:4:5 other file [no-ttl] fixes=",
	}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") {
		t.Errorf("issues:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
}

// An analyzer that fails does not take the others' findings with it: the
// combined analyzer reports them and returns the error, naming the
// analyzer.
func TestCombine_errorKeepsOtherFindings(t *testing.T) {
	reporting := &analysis.Analyzer{Name: "reporting", Doc: "reporting: reports each file", Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			pass.Report(analysis.Diagnostic{Pos: f.Name.Pos(), Category: "file", Message: "a file"})
		}
		return nil, nil
	}}
	failing := &analysis.Analyzer{Name: "failing", Doc: "failing: fails", Run: func(*analysis.Pass) (any, error) {
		return nil, errors.New("broken")
	}}
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: filepath.Join("testdata", "src"),
		Env: append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, "./clean")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading the fixture: %v", err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{combine([]*analysis.Analyzer{failing, reporting})}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range graph.Roots {
		if act.Err == nil || !strings.Contains(act.Err.Error(), "failing: broken") {
			t.Errorf("error %v, want failing's", act.Err)
		}
		if len(act.Diagnostics) != len(act.Package.Syntax) || len(act.Package.Syntax) == 0 {
			t.Errorf("%d issues for %d files, want one per file", len(act.Diagnostics), len(act.Package.Syntax))
		}
		for _, d := range act.Diagnostics {
			if d.Message != "a file [file]" {
				t.Errorf("issue %q, want %q", d.Message, "a file [file]")
			}
		}
	}
}
