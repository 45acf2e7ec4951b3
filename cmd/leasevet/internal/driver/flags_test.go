package driver

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestDriver_parseFlags_enableFlags(t *testing.T) {
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

func TestIsVetProtocol_vetAndStandaloneArgs(t *testing.T) {
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

// TestIsVetProtocol_goVetVettool runs go vet with the test binary as the
// vet tool, which exercises -V=full, -flags and the .cfg protocol end to
// end: IsVetProtocol must hand each of them to unitchecker.
func TestIsVetProtocol_goVetVettool(t *testing.T) {
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

// TestIsVetProtocol_goFixFixtool runs go fix -fixtool with the test
// binary: go fix speaks the vet protocol too, with -fix.
func TestIsVetProtocol_goFixFixtool(t *testing.T) {
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
