package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/cmdtest"
)

// The test binary is leasevet, standalone and as go vet's tool, when this
// variable is set.
const runAsLeasevetEnv = "LEASEVET_MAIN_TEST"

func TestMain(m *testing.M) {
	if os.Getenv(runAsLeasevetEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// run runs name (the test binary when it is "leasevet") in dir.
func run(t *testing.T, dir, name string, args ...string) cmdtest.Result {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go vet on a module with go-redis")
	}
	if name == "leasevet" {
		name = os.Args[0]
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), runAsLeasevetEnv+"=1", "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	return cmdtest.Run(t, cmd)
}

const (
	brokenDep   = "testdata/brokendep"
	skippedJobs = "example.com/brokendep/jobs: not analysed: its dependency example.com/brokendep/config has errors\n"
	billingBug  = "billing/billing.go:31:2: Expire sets the TTL of lock key l.key only after SetNX acquired it"
)

// TestStandalone_brokenDependency: jobs, above a package that does not
// compile, is named once, the dependency's error is printed once, the
// finding elsewhere is still reported, and the errors make the exit
// status 1, not 3.
func TestStandalone_brokenDependency(t *testing.T) {
	r := run(t, brokenDep, "leasevet", "./...")
	if r.Code != 1 {
		t.Errorf("exit %d, want 1 (errors win over findings):\n%s", r.Code, r.Stderr)
	}
	if n := strings.Count(r.Stderr, skippedJobs); n != 1 {
		t.Errorf("jobs named %d times, want once:\n%s", n, r.Stderr)
	}
	if n := len(regexp.MustCompile(`(?m)^config/config\.go:15:9: cannot use`).FindAllString(r.Stderr, -1)); n != 1 {
		t.Errorf("the dependency's error printed %d times, want once:\n%s", n, r.Stderr)
	}
	if !strings.Contains(r.Stderr, billingBug) || !strings.Contains(r.Stderr, "put the TTL into the acquire [setnx-expire]\n") {
		t.Errorf("billing's finding missing:\n%s", r.Stderr)
	}
}

func TestStandalone_brokenDependencyJSON(t *testing.T) {
	r := run(t, brokenDep, "leasevet", "-json", "./...")
	if r.Code != 1 {
		t.Errorf("exit %d, want 1:\n%s", r.Code, r.Stderr)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.Stdout), &tree); err != nil {
		t.Fatalf("-json output: %v\n%s", err, r.Stdout)
	}
	var jobs struct{ Error string }
	if err := json.Unmarshal(tree["example.com/brokendep/jobs"]["leasevet"], &jobs); err != nil ||
		jobs.Error != "not analysed: its dependency example.com/brokendep/config has errors" {
		t.Errorf("jobs entry = %+v (%v), want it named as not analysed", jobs, err)
	}
	if n := strings.Count(r.Stdout, "not analysed"); n != 1 {
		t.Errorf("%d packages named as not analysed, want 1:\n%s", n, r.Stdout)
	}
	var diags []struct{ Category, Message string }
	if err := json.Unmarshal(tree["example.com/brokendep/billing"]["setnxexpire"], &diags); err != nil ||
		len(diags) != 1 || diags[0].Category != "setnx-expire" || strings.HasSuffix(diags[0].Message, "]") {
		t.Errorf("billing's finding = %+v (%v), want one setnx-expire, its message without the category", diags, err)
	}
}

// TestStandalone_rootVettedBeforeAsDependency: billing, vetted first as
// invoices' dependency (its unit then computes facts only and prints
// nothing), still has its finding reported when it is a root later with
// the same build cache. Go 1.26's go vet keys both runs' output alike and
// replays the empty one; leasevet sees a root unit missing and runs again.
// A fresh -cachekey makes the first run the first in its key space.
func TestStandalone_rootVettedBeforeAsDependency(t *testing.T) {
	key := "-cachekey=" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if r := run(t, brokenDep, "leasevet", key, "./invoices"); r.Code != 0 {
		t.Fatalf("leasevet ./invoices: exit %d, want 0:\n%s", r.Code, r.Stderr)
	}
	r := run(t, brokenDep, "leasevet", key, "./billing")
	if r.Code != 3 || !strings.Contains(r.Stderr, billingBug) {
		t.Errorf("leasevet ./billing after ./invoices: exit %d, want 3 and billing's finding:\n%s", r.Code, r.Stderr)
	}
}

// TestGoVet_textEndsWithCategory runs the real go vet with leasevet's
// analyzers as the vet tool: its text shows the category that
// //leasevet:ignore takes, and -json keeps the category field.
func TestGoVet_textEndsWithCategory(t *testing.T) {
	r := run(t, brokenDep, "go", "vet", "-vettool="+os.Args[0], "./billing")
	if r.Code != 1 || !strings.Contains(r.Stderr, billingBug) ||
		!strings.Contains(r.Stderr, "put the TTL into the acquire [setnx-expire]\n") {
		t.Errorf("go vet: exit %d, want the finding with its category:\n%s", r.Code, r.Stderr)
	}
	j := run(t, brokenDep, "go", "vet", "-json", "-vettool="+os.Args[0], "./billing")
	if j.Code != 0 || !strings.Contains(j.Stdout, `"category": "setnx-expire"`) {
		t.Errorf("go vet -json: exit %d, want the category field:\n%s%s", j.Code, j.Stdout, j.Stderr)
	}
}

// TestFix_developmentBuildExits0: the fix imports safelock, which the
// module does not require; a development build knows no version to
// require, so it says which command adds it, and the run, which wrote
// every fix it had, succeeds.
func TestFix_developmentBuildExits0(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/nosafelock")); err != nil {
		t.Fatal(err)
	}
	r := run(t, dir, "leasevet", "-fix", "./...")
	if r.Code != 0 {
		t.Errorf("-fix: exit %d, want 0:\n%s", r.Code, r.Stderr)
	}
	if !strings.Contains(r.Stderr, "run: go -C "+dir+" get github.com/leasevet/leasevet/safelock@latest") {
		t.Errorf("-fix does not say how to add safelock:\n%s", r.Stderr)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "tasklock", "tasklock.go"))
	if err != nil || !bytes.Contains(fixed, []byte("safelock.Release(ctx, l.rdb, l.key, l.token)")) {
		t.Errorf("the release was not fixed (%v):\n%s", err, fixed)
	}
}
