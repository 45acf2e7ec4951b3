package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCompare_privateClientWrapper runs the real go vet, with a leasevet
// built from this tree as the vet tool, and the analyzers from source on
// testdata/vetparity, where package rlock keeps its *redis.Client private
// and package jobs, which imports no Redis client itself, misuses rlock's
// SetIfAbsent and Delete. Under go vet, jobs sees rlock through export data, whose
// import list does not show go-redis: an import-graph gate made vet report
// nothing there while the checker from source reported the bugs.
func TestCompare_privateClientWrapper(t *testing.T) {
	if testing.Short() {
		t.Skip("builds leasevet and runs go vet")
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOWORK", "off")
	bin, err := buildLeasevet(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	c, err := compare(bin, filepath.Join("..", "..", "testdata", "vetparity"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.diff) > 0 {
		t.Errorf("go vet and from source differ (- go vet only, + from source only):\n%s", strings.Join(c.diff, "\n"))
	}
	// Without a finding the comparison would prove nothing.
	for _, want := range []string{
		"jobs/jobs.go:17:8 bare-del Delete (DEL at rlock.go:25) releases lock key \"lock:job:\" + id",
		"jobs/jobs.go:25:6 constant-token SetIfAbsent writes the constant \"1\"",
		"jobs/jobs.go:28:8 bare-del Delete (DEL at rlock.go:25) releases lock key \"lock:once:\" + id",
	} {
		if !slices.ContainsFunc(c.vet, func(l string) bool { return strings.HasPrefix(l, want) }) {
			t.Errorf("go vet did not report %q; it reported:\n%s", want, strings.Join(c.vet, "\n"))
		}
	}
}

func TestNormalise_streamOfPackagesAndErrors(t *testing.T) {
	out := `{}
{"example.com/m/a": {"baredel": [{"posn": "/m/a/a.go:3:2", "end": "/m/a/a.go:3:9", "category": "bare-del", "message": "Del releases [bare-del]"}]}}
{"example.com/m/b [example.com/m/b.test]": {"getdel": {"error": "lockmodel: boom"}, "baredel": {"error": "failed prerequisites: lockmodel"}}}
`
	got, err := normalise("/m", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ERROR example.com/m/b", "a/a.go:3:2 bare-del Del releases"}
	if !slices.Equal(got, want) {
		t.Errorf("normalise = %q, want %q", got, want)
	}
}

func TestRelPosn_outsideDirKeepsPath(t *testing.T) {
	if got := relPosn("/m", "/other/x.go:1:2"); got != "/other/x.go:1:2" {
		t.Errorf("relPosn = %q", got)
	}
	if got := relPosn("/m", "/m/x/y.go:10:20"); got != "x/y.go:10:20" {
		t.Errorf("relPosn = %q", got)
	}
}

func TestDiffLines_duplicateIsADifference(t *testing.T) {
	got := diffLines([]string{"a", "c"}, []string{"a", "a", "b"})
	want := []string{"+ a", "+ b", "- c"}
	if !slices.Equal(got, want) {
		t.Errorf("diffLines = %q, want %q", got, want)
	}
}
