package driver

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestDriver_fix_appliesFirstFixAndIsIdempotent(t *testing.T) {
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

func TestDriver_fix_diffPrintsPatchAndLeavesFiles(t *testing.T) {
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
