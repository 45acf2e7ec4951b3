package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/report"
)

// The test binary doubles as a leasevet built from the test analyzers when
// this variable is set, so that exit codes and the go vet protocol are
// tested on a real process.
const runAsDriverEnv = "LEASEVET_DRIVER_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runAsDriverEnv) == "1" {
		args := os.Args[1:]
		if IsVetProtocol(args) {
			unitchecker.Main(testAnalyzers...)
		}
		d := &Driver{Name: "leasevet", Analyzers: testAnalyzers, Stdout: os.Stdout, Stderr: os.Stderr}
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
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running %v: %v", cmd.Args, err)
	}
	return result{code, out.String(), errb.String()}
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

func TestText_relativePathsAndExit3(t *testing.T) {
	dir := fixtureDir(t)
	r := runCmd(t, dir, "./...")
	if r.code != ExitDiagnostics {
		t.Fatalf("exit code = %d, want %d; stderr:\n%s", r.code, ExitDiagnostics, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	// Each finding ends with its category in brackets.
	if got, want := strings.Count(r.stderr, ": call of bad [bad-call]\n"), countBad(t, dir); got != want {
		t.Errorf("%d badcall diagnostics, want %d:\n%s", got, want, r.stderr)
	}
	if !strings.Contains(r.stderr, "function empty is empty") {
		t.Errorf("emptyfunc diagnostic missing:\n%s", r.stderr)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "/") || strings.Contains(l, dir) {
			t.Errorf("path not relative to the working directory: %q", l)
		}
	}
	if !strings.HasPrefix(lines[0], "a.go:") || !strings.Contains(r.stderr, filepath.Join("sub", "b.go")+":8:2: call of bad") {
		t.Errorf("unexpected positions:\n%s", r.stderr)
	}
	// Each finding's related location follows it, indented as go vet does.
	if got, want := strings.Count(r.stderr, ": \tbad is declared here\n"), countBad(t, dir); got != want {
		t.Errorf("%d related lines, want %d:\n%s", got, want, r.stderr)
	}
}

// A package that does not type-check is reported once: its error, not one
// "analysis skipped" line per analyzer.
func TestText_packageErrorOnce(t *testing.T) {
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

func TestText_cleanExit0(t *testing.T) {
	// With the name flag pointing at a function never called and
	// emptyfunc disabled, nothing is reported.
	r := runCmd(t, fixtureDir(t), "-badcall.name=nosuch", "-emptyfunc=false", "./...")
	if r.code != ExitClean || r.stderr != "" {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", r.code, r.stderr)
	}
}

func TestText_context(t *testing.T) {
	r := runCmd(t, fixtureDir(t), "-badcall", "-c", "1", "./sub")
	// Each diagnostic line is followed by its line and one line either side.
	if !strings.Contains(r.stderr, "8\t\tbad()\n") || !strings.Contains(r.stderr, "7\tfunc f() {\n") {
		t.Errorf("context lines missing:\n%s", r.stderr)
	}
}

func TestEnableFlags(t *testing.T) {
	dir := fixtureDir(t)
	only := runCmd(t, dir, "-emptyfunc", "./...")
	if strings.Contains(only.stderr, "call of bad") || !strings.Contains(only.stderr, "is empty") {
		t.Errorf("-emptyfunc should run only emptyfunc:\n%s", only.stderr)
	}
	without := runCmd(t, dir, "-emptyfunc=false", "./...")
	if strings.Contains(without.stderr, "is empty") || !strings.Contains(without.stderr, "call of bad") {
		t.Errorf("-emptyfunc=false should run all but emptyfunc:\n%s", without.stderr)
	}
}

func TestBadFlags_exit2(t *testing.T) {
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

func TestHelp(t *testing.T) {
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

// jsonTree is the go vet -json shape: package, analyzer, diagnostics.
type jsonTree map[string]map[string][]struct {
	Posn, Message, Category string
}

// TestJSON_exit0 also checks that each finding is listed once: a.go
// belongs to the package and to its test variant, and go vet lists it once.
func TestJSON_exit0(t *testing.T) {
	dir := fixtureDir(t)
	r := runCmd(t, dir, "-json", "./...")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var tree jsonTree
	if err := json.Unmarshal([]byte(r.stdout), &tree); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, r.stdout)
	}
	n := 0
	for _, byAnalyzer := range tree {
		for _, d := range byAnalyzer["badcall"] {
			if d.Category != "bad-call" {
				t.Errorf("category = %q", d.Category)
			}
			n++
		}
	}
	if n != countBad(t, dir) {
		t.Errorf("%d badcall diagnostics in JSON, want %d", n, countBad(t, dir))
	}
}

func TestFix_appliesFirstFixAndIsIdempotent(t *testing.T) {
	dir := fixtureCopy(t)
	if r := runCmd(t, dir, "-fix", "./..."); r.code != 0 {
		t.Fatalf("-fix: exit %d: %s", r.code, r.stderr)
	}
	if n := countBad(t, dir); n != 0 {
		t.Errorf("%d calls of bad left after -fix", n)
	}
	build := exec.Command("go", "build", "./...")
	if r := runProcess(t, build, dir); r.code != 0 {
		t.Errorf("fixed module does not build: %s", r.stderr)
	}
	again := runCmd(t, dir, "-badcall", "./...")
	if again.code != 0 || again.stderr != "" {
		t.Errorf("after -fix: exit %d, %q; want a clean run", again.code, again.stderr)
	}
}

func TestFixDiff_printsPatchAndLeavesFiles(t *testing.T) {
	dir := fixtureCopy(t)
	before, _ := os.ReadFile(filepath.Join(dir, "sub", "b.go"))
	r := runCmd(t, dir, "-fix", "-diff", "./...")
	if r.code != 0 {
		t.Fatalf("-fix -diff: exit %d: %s", r.code, r.stderr)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "sub", "b.go"))
	if !bytes.Equal(before, after) {
		t.Error("-diff changed the file")
	}
	if !strings.Contains(r.stdout, "--- a/sub/b.go\n+++ b/sub/b.go\n") || !strings.Contains(r.stdout, "-\tbad()\n+\tgood()\n") {
		t.Errorf("unexpected diff:\n%s", r.stdout)
	}
	// The diff applies with patch(1) and gives what -fix writes.
	if _, err := exec.LookPath("patch"); err == nil {
		p := exec.Command("patch", "-s", "-p1")
		p.Stdin = strings.NewReader(r.stdout)
		if pr := runProcess(t, p, dir); pr.code != 0 {
			t.Fatalf("patch: %s %s", pr.stdout, pr.stderr)
		}
		if n := countBad(t, dir); n != 0 {
			t.Errorf("%d calls of bad left after applying the diff", n)
		}
	}
}

func TestIsVetProtocol(t *testing.T) {
	for args, want := range map[string]bool{
		"-V=full":                 true,
		"-flags":                  true,
		"--flags":                 true,
		"-json /tmp/x/vet.cfg":    true,
		"/tmp/vet.cfg":            true,
		"./...":                   false,
		"-json ./...":             false,
		"-fix -diff ./a ./b":      false,
		"help":                    false,
		"-badcall.name=x.cfg ./a": false,
	} {
		if got := IsVetProtocol(strings.Fields(args)); got != want {
			t.Errorf("IsVetProtocol(%q) = %v, want %v", args, got, want)
		}
	}
}

// TestGoVet_vettool runs go vet with the test binary as the vet tool,
// which exercises -V=full, -flags and the .cfg protocol end to end.
func TestGoVet_vettool(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	dir := fixtureDir(t)
	r := runProcess(t, exec.Command("go", "vet", "-vettool="+os.Args[0], "./..."), dir)
	if r.code == 0 || !strings.Contains(r.stderr, "sub/b.go:8:2: call of bad") || !strings.Contains(r.stderr, "is empty") {
		t.Errorf("go vet: exit %d:\n%s", r.code, r.stderr)
	}
	r = runProcess(t, exec.Command("go", "vet", "-vettool="+os.Args[0], "-badcall.name=nosuch", "-emptyfunc=false", "./..."), dir)
	if r.code != 0 {
		t.Errorf("go vet with analyzer flags: exit %d:\n%s", r.code, r.stderr)
	}
}

// TestGoFix_fixtool runs go fix -fixtool with the test binary.
func TestGoFix_fixtool(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go fix")
	}
	dir := fixtureCopy(t)
	r := runProcess(t, exec.Command("go", "fix", "-fixtool="+os.Args[0], "./..."), dir)
	if r.code != 0 {
		t.Fatalf("go fix: exit %d:\n%s", r.code, r.stderr)
	}
	if n := countBad(t, dir); n != 0 {
		t.Errorf("%d calls of bad left after go fix", n)
	}
}
