package driver

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDriver_printText_relativePathsAndExit3(t *testing.T) {
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

func TestDriver_printText_cleanExit0(t *testing.T) {
	// With the name flag pointing at a function never called and
	// emptyfunc disabled, nothing is reported.
	r := runCmd(t, fixtureDir(t), "-badcall.name=nosuch", "-emptyfunc=false", "./...")
	if r.code != ExitClean || r.stderr != "" {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", r.code, r.stderr)
	}
}

func TestDriver_printText_context(t *testing.T) {
	r := runCmd(t, fixtureDir(t), "-badcall", "-c", "1", "./sub")
	// Each diagnostic line is followed by its line and one line either side.
	if !strings.Contains(r.stderr, "8\t\tbad()\n") || !strings.Contains(r.stderr, "7\tfunc f() {\n") {
		t.Errorf("context lines missing:\n%s", r.stderr)
	}
}
