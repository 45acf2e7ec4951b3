package driver_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/driver"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/helper"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/hoist"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/literal"
)

// fakevetBin is the stand-in analyzer of testdata/fakevet, built once by
// TestMain.
var fakevetBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "fakevet-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fakevetBin = filepath.Join(dir, "fakevet")
	if out, err := exec.Command("go", "build", "-o", fakevetBin, "./testdata/fakevet").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building fakevet: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func fakevet(*testing.T) string { return fakevetBin }

func run(t *testing.T, bin string, threshold float64, kinds ...rewrite.Kind) (int, string) {
	t.Helper()
	return runKeep(t, bin, threshold, "", kinds...)
}

func runKeep(t *testing.T, bin string, threshold float64, keep string, kinds ...rewrite.Kind) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cfg := &driver.Config{Analyzer: bin, Kinds: kinds, Threshold: threshold, MaxBisect: 10, Keep: keep, Stdout: &stdout, Stderr: &stderr}
	status := driver.Run(context.Background(), cfg, []string{"testdata/mod"})
	t.Logf("stderr:\n%s", stderr.String())
	return status, stdout.String()
}

func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}

// TestRun_reportsLostAndAdded: fakevet reports a Del in a function named
// Unlock, and any call of a function that calls Del. Moving the Del into
// a helper loses the first and adds the second at the helper's call; the
// SetNX, moved too, keeps its finding. So does the dropped SetNX of
// TryLock, which fakevet reports at the helper's call once it is moved, as
// leasevet moves a dropped answer: the call stands for the command for
// unchecked-acquire, and only for the categories judged at a call, so
// the bare-del at a call still counts as lost and added.
func TestRun_reportsLostAndAdded(t *testing.T) {
	status, out := run(t, fakevet(t), 0.95, helper.ExtractHelper{})
	for _, want := range []string{
		"LOST extract-helper locks/locks.go:23 [bare-del]",
		"\tcommand went to locks/locks.go:",
		"\tcaused by statement into helper mmHelper2 at locks/locks.go:23",
		"ADDED extract-helper locks/locks.go:23 [bare-del]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output has no line %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "[unchecked-acquire]") {
		t.Errorf("the dropped SetNX moved to the helper's call is listed as lost or added:\n%s", out)
	}
	if got, want := lastLine(out), "metamorphic: 1 refactorings, 5 pairs, 3 invariant (0.60)"; got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
	if status != 1 {
		t.Errorf("exit status %d, want 1", status)
	}
}

// TestRun_threshold: a lost finding and nothing added fails below the
// threshold.
func TestRun_threshold(t *testing.T) {
	status, out := run(t, fakevet(t), 0.95, literal.PackageConst{})
	if got, want := lastLine(out), "metamorphic: 1 refactorings, 4 pairs, 3 invariant (0.75)"; got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
	if !strings.Contains(out, "LOST package-const locks/locks.go:19 [constant-token]") {
		t.Errorf("the lost finding is not listed:\n%s", out)
	}
	if status != 1 {
		t.Errorf("exit status %d at threshold 0.95, want 1", status)
	}
}

// TestRun_invariant: holding the SetNX in a local changes nothing fakevet
// reads.
func TestRun_invariant(t *testing.T) {
	status, out := run(t, fakevet(t), 0.95, hoist.ReplyLocal{})
	if got, want := lastLine(out), "metamorphic: 1 refactorings, 4 pairs, 4 invariant (1.00)"; got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
	if status != 0 {
		t.Errorf("exit status %d, want 0:\n%s", status, out)
	}
}

// TestRun_errMethodMovesTheAnswer: moving the acquire's error into a
// method moves fakevet's unchecked-acquire to the method's call, which
// stands for the command for the findings judged at a call: nothing lost,
// nothing added.
func TestRun_errMethodMovesTheAnswer(t *testing.T) {
	status, out := run(t, fakevet(t), 0.95, helper.ErrMethod{})
	if strings.Contains(out, "LOST") || strings.Contains(out, "ADDED") {
		t.Errorf("err-method lost or added a finding:\n%s", out)
	}
	if got, want := lastLine(out), "metamorphic: 1 refactorings, 4 pairs, 4 invariant (1.00)"; got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
	if status != 0 {
		t.Errorf("exit status %d, want 0", status)
	}
}

// TestRun_keep: with Keep set, the rewritten copy a kind was judged on is
// left in Keep/MODULE/KIND, the package-const rewrite in it.
func TestRun_keep(t *testing.T) {
	keep := t.TempDir()
	run := func() { runKeep(t, fakevet(t), 0.95, keep, literal.PackageConst{}) }
	run()
	kept := filepath.Join(keep, "mod", "package-const")
	decls, err := os.ReadFile(filepath.Join(kept, "locks", "mm_decls.go"))
	if err != nil {
		t.Fatalf("the rewritten copy was not kept: %v", err)
	}
	if !strings.Contains(string(decls), "mmConst1") {
		t.Errorf("the kept copy holds no rewritten constant:\n%s", decls)
	}
	if _, err := os.Stat(filepath.Join(kept, "go.mod")); err != nil {
		t.Errorf("the kept copy is not a module: %v", err)
	}
	run() // a second run replaces the copy
	if _, err := os.Stat(filepath.Join(kept, "locks", "mm_decls.go")); err != nil {
		t.Errorf("a second run lost the kept copy: %v", err)
	}
}

// TestRun_namesPackagesNotAnalysed: a package the analyzer cannot
// analyse in the module as it is has findings no rewrite can be compared
// with; the run says so rather than counting them as none.
func TestRun_namesPackagesNotAnalysed(t *testing.T) {
	t.Setenv("FAKEVET_ERROR", "locks")
	var stdout, stderr bytes.Buffer
	cfg := &driver.Config{Analyzer: fakevet(t), Kinds: []rewrite.Kind{hoist.ReplyLocal{}}, Threshold: 0.95, MaxBisect: 10, Stdout: &stdout, Stderr: &stderr}
	driver.Run(context.Background(), cfg, []string{"testdata/mod"})
	if want := "testdata/mod: not analysed as it is, so never compared: locks: fake: fakevet: cannot analyse locks"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr has no line %q:\n%s", want, stderr.String())
	}
}
