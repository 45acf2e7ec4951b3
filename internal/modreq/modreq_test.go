package modreq

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersion_fromBuildInfo(t *testing.T) {
	for main, want := range map[string]string{
		"v1.4.0":                             "v1.4.0",
		"v0.0.0-20261130094100-ea5bb2f1c0de": "ea5bb2f1c0de",
		"v1.4.1-0.20261130094100-ea5bb2f1c0de+dirty": "",
		"(devel)": "",
		"":        "",
	} {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/leasevet/leasevet", Version: main}}
		if got := Version(bi); got != want {
			t.Errorf("Version(%q) = %q; want %q", main, got, want)
		}
	}
	if got := Version(nil); got != "" {
		t.Errorf("Version(nil) = %q; want empty", got)
	}
}

func TestImportsSafelock_parsesImports(t *testing.T) {
	yes := "package p\n\nimport (\n\t\"fmt\"\n\tsl \"github.com/leasevet/leasevet/safelock\"\n)\n"
	no := "package p\n\nimport \"github.com/leasevet/leasevet/safelockx\"\n\nvar s = \"github.com/leasevet/leasevet/safelock\"\n"
	if !ImportsSafelock([]byte(yes)) {
		t.Error("a renamed safelock import was not seen")
	}
	if ImportsSafelock([]byte(no)) || ImportsSafelock([]byte("not go")) {
		t.Error("a file without the import was reported as importing safelock")
	}
}

// writeModule writes a go.mod and one file below it and returns the file.
func writeModule(t *testing.T, gomod string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "sub", "a.go")
	if err := os.WriteFile(file, []byte("package sub\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestMissing_onlyModulesWithoutTheRequirement(t *testing.T) {
	without := writeModule(t, "module example.com/a\n\ngo 1.22\n")
	with := writeModule(t, "module example.com/b\n\ngo 1.22\n\nrequire "+SafelockPath+" v1.0.0\n")
	self := writeModule(t, "module "+SafelockPath+"\n\ngo 1.21\n")
	mods, err := Missing([]string{without, with, self, without})
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) != 1 || mods[0].Path != "example.com/a" {
		t.Fatalf("Missing = %+v; want example.com/a once", mods)
	}
}

// Without a version (a development build) nothing is run: one line per
// module names the command.
func TestEnsure_unknownVersionPrintsOneCommandPerModule(t *testing.T) {
	a := Module{Dir: "/src/a dir", Path: "example.com/a"}
	b := Module{Dir: "/src/b", Path: "example.com/b"}
	var out strings.Builder
	if Ensure(context.Background(), &out, "leasevet", []Module{a, b}, "") {
		t.Fatal("Ensure without a version reported success")
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		`run: go -C "/src/a dir" get ` + SafelockPath + "@latest",
		"run: go -C /src/b get " + SafelockPath + "@latest",
	}
	if len(lines) != 2 || !strings.HasSuffix(lines[0], want[0]) || !strings.HasSuffix(lines[1], want[1]) {
		t.Fatalf("Ensure printed:\n%s\nwant two lines ending in %q", out.String(), want)
	}
}

// A failing go get says what failed and what to run.
func TestEnsure_failureSaysWhatToRun(t *testing.T) {
	file := writeModule(t, "module example.com/a\n\ngo 1.22\n")
	mods, err := Missing([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	var out strings.Builder
	if Ensure(context.Background(), &out, "leasevet", mods, "v9.9.9") {
		t.Fatal("go get of a version that cannot be fetched reported success")
	}
	if !strings.Contains(out.String(), "failed") || !strings.Contains(out.String(), "run: go -C ") {
		t.Fatalf("Ensure printed %q; want the failure and the command", out.String())
	}
}

// go get adds safelock as "// indirect"; the fixed module must be tidy,
// so the requirement moves to the direct block and the others stay.
func TestRequireDirect_movesSafelockToTheDirectBlock(t *testing.T) {
	file := writeModule(t, "module example.com/a\n\ngo 1.26\n\nrequire github.com/redis/go-redis/v9 v9.23.0\n\n"+
		"require (\n\tgithub.com/cespare/xxhash/v2 v2.3.0 // indirect\n\t"+SafelockPath+" v0.1.0 // indirect\n)\n")
	gomod := filepath.Join(filepath.Dir(filepath.Dir(file)), "go.mod")
	if err := requireDirect(gomod); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	want := "module example.com/a\n\ngo 1.26\n\nrequire (\n\t" + SafelockPath + " v0.1.0\n\tgithub.com/redis/go-redis/v9 v9.23.0\n)\n\n" +
		"require github.com/cespare/xxhash/v2 v2.3.0 // indirect\n"
	if string(got) != want {
		t.Errorf("go.mod after requireDirect:\n%s\nwant:\n%s", got, want)
	}
}
