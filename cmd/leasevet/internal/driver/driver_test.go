package driver

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/cmdtest"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/report"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/vetunit"
)

// The test binary doubles as a leasevet built from the test analyzers when
// this variable is set, so that exit codes and the go vet protocol are
// tested on a real process.
const runAsDriverEnv = "LEASEVET_DRIVER_TEST_MAIN"

// When this variable is set, the test binary is a vet tool with leasevet's
// default analyzers, for the tests of a Driver with them (leasevetDriver).
const runAsDefaultVetToolEnv = "LEASEVET_DRIVER_TEST_DEFAULT_VETTOOL"

func TestMain(m *testing.M) {
	if os.Getenv(runAsDefaultVetToolEnv) == "1" && IsVetProtocol(os.Args[1:]) {
		vetunit.Main(analyzers.Default())
	}
	if os.Getenv(runAsDriverEnv) == "1" {
		args := os.Args[1:]
		if IsVetProtocol(args) {
			vetunit.Main(testAnalyzers)
		}
		d := &Driver{Name: "leasevet", Analyzers: testAnalyzers, Stdout: os.Stdout, Stderr: os.Stderr, VetTool: os.Args[0]}
		os.Exit(d.Main(args))
	}
	os.Exit(m.Run())
}

// result is the outcome of one run of the command.
type result struct {
	code           int
	stdout, stderr string
}

// runCmd runs the test binary as the driver in dir.
func runCmd(t *testing.T, dir string, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	return runProcess(t, cmd, dir)
}

func runProcess(t *testing.T, cmd *exec.Cmd, dir string) result {
	t.Helper()
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), runAsDriverEnv+"=1", "GOWORK=off", "GOFLAGS=-mod=mod")
	r := cmdtest.Run(t, cmd)
	return result{r.Code, r.Stdout, r.Stderr}
}

// fixtureCopy copies the fixture module to a temporary directory, so that
// -fix can write to it.
func fixtureCopy(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("testdata", "mod"))); err != nil {
		t.Fatal(err)
	}
	return dst
}

func fixtureDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// countBad counts the calls of bad in the fixture's sources, which is how
// many diagnostics badcall must report.
func countBad(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	for _, name := range []string{"a.go", "sub/b.go"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		n += strings.Count(string(data), "bad()") - strings.Count(string(data), "func bad()")
	}
	return n
}

// A package that does not type-check is reported once: its error, not one
// "analysis skipped" line per analyzer.
func TestDriver_Main_packageErrorOnce(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/broken\n\ngo 1.22\n")
	writeFile(t, filepath.Join(dir, "p.go"), "package p\n\nvar x int = \"s\"\n")
	r := runCmd(t, dir, "./...")
	if r.code != ExitError {
		t.Fatalf("exit code = %d, want %d; stderr:\n%s", r.code, ExitError, r.stderr)
	}
	// (go list may echo the compiler's "./p.go:3:13" too: only the
	// driver's own lines count.)
	if n := len(regexp.MustCompile(`(?m)^p\.go:3:13: `).FindAllString(r.stderr, -1)); n != 1 ||
		strings.Contains(r.stderr, "analysis skipped") {
		t.Fatalf("the type error was reported %d times, or echoed per analyzer:\n%s", n, r.stderr)
	}
	j := runCmd(t, dir, "-json", "./...")
	if n := strings.Count(j.stdout, `"error"`); n != 1 {
		t.Fatalf("-json lists %d errors for one broken package, want 1:\n%s", n, j.stdout)
	}
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDriver_Main_badCommandLineExit2(t *testing.T) {
	for _, args := range [][]string{
		{"-nosuchflag", "./..."},
		{"-badcall.nosuch=1", "./..."},
		{"-badcall=maybe", "./..."},
		{"-diff", "./..."},
		{"-json", "-sarif", "./..."},
		{},
	} {
		r := runCmd(t, fixtureDir(t), args...)
		if r.code != ExitUsage || strings.Contains(r.stderr, "panic") || r.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and a message", args, r.code, r.stderr)
		}
	}
	r := runCmd(t, fixtureDir(t), "-nosuchflag", "./...")
	if !strings.Contains(r.stderr, "-nosuchflag") {
		t.Errorf("the message should name the flag: %q", r.stderr)
	}
}

func TestDriver_Main_help(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"help"}} {
		r := runCmd(t, fixtureDir(t), args...)
		if r.code != 0 {
			t.Errorf("%v: exit %d", args, r.code)
		}
		for _, a := range testAnalyzers {
			if !strings.Contains(r.stdout, a.Name) || !strings.Contains(r.stdout, report.Summary(a)) {
				t.Errorf("%v: usage lacks %s and its summary %q:\n%s", args, a.Name, report.Summary(a), r.stdout)
			}
		}
		for _, way := range []string{"go vet -vettool=", "go fix -fixtool=", "packages..."} {
			if !strings.Contains(r.stdout, way) {
				t.Errorf("%v: usage lacks %q", args, way)
			}
		}
	}
	r := runCmd(t, fixtureDir(t), "help", "badcall")
	if r.code != 0 || !strings.Contains(r.stdout, "-badcall.name") || !strings.Contains(r.stdout, "The fix calls good instead.") {
		t.Errorf("help badcall: exit %d:\n%s", r.code, r.stdout)
	}
	if r := runCmd(t, fixtureDir(t), "help", "nosuch"); r.code != ExitUsage || !strings.Contains(r.stderr, "nosuch") {
		t.Errorf("help nosuch: exit %d, stderr %q", r.code, r.stderr)
	}
}
