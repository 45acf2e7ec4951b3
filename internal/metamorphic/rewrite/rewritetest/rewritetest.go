// Package rewritetest runs a refactoring kind on a fixture module in a
// test: it applies every place of the kind, type-checks the result,
// compares each changed or added file with its golden file and builds the
// module with the changes.
//
// A fixture module is a directory with a go.mod; the golden file of a
// file that kind K changes or adds is the file's path with ".K.golden"
// appended, so that one module can serve several kinds. A file with no
// golden file must stay as it is: that is how a test says that a kind
// leaves a place alone.
package rewritetest

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/output"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/typecheck"
	"github.com/leasevet/leasevet/internal/metamorphic/variant"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

var update = flag.Bool("update", false, "write the golden files from the output")

// Run applies every place of kind to the module in dir and checks the
// result against the golden files. It returns the places, for the test
// to check what they say.
func Run(t *testing.T, kind rewrite.Kind, dir string) []rewrite.Place {
	t.Helper()
	m, err := workspace.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	places := kind.Places(m)
	e := workspace.NewEdit(m)
	for i, p := range places {
		e.Begin(i)
		if err := p.Apply(e); err != nil {
			t.Fatalf("%s: %s: %v", m.Position(p.Pos), p.What, err)
		}
	}
	if err := typecheck.Check(e); err != nil {
		t.Fatalf("%s: the result does not type-check: %v", kind.Name(), err)
	}
	out, err := output.Print(e)
	if err != nil {
		t.Fatal(err)
	}
	compareGoldens(t, m.Dir, "."+kind.Name()+".golden", out)
	build(t, m.Dir, out)
	return places
}

// compareGoldens checks that the files of out are the golden files of
// dir, and that every golden file is a file of out.
func compareGoldens(t *testing.T, dir, suffix string, out *output.Output) {
	t.Helper()
	for rel, got := range out.Files {
		golden := filepath.Join(dir, filepath.FromSlash(rel)) + suffix
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%s changed, and has no golden file:\n%s", rel, got)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from its golden file:\n--- got\n%s\n--- want\n%s", rel, got, want)
		}
	}
	for _, rel := range goldens(t, dir, suffix) {
		if _, ok := out.Files[strings.TrimSuffix(rel, suffix)]; !ok {
			t.Errorf("%s: the kind did not produce this file", rel)
		}
	}
}

// goldens lists the golden files of dir, relative, with slashes.
func goldens(t *testing.T, dir, suffix string) []string {
	t.Helper()
	var list []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, suffix) {
			rel, _ := filepath.Rel(dir, p)
			list = append(list, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(list)
	return list
}

// build copies dir, writes out into the copy and type-checks it, its
// tests included, with go vet: the compiler's checks without a link of
// every test binary, which made these tests most of the suite's time.
func build(t *testing.T, dir string, out *output.Output) {
	t.Helper()
	tmp := filepath.Join(t.TempDir(), "mod")
	skip := func(rel string) bool { return strings.HasSuffix(rel, ".golden") }
	if err := variant.CopyModule(dir, tmp, skip); err != nil {
		t.Fatal(err)
	}
	if err := out.WriteTo(tmp); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off", "GOWORK=off")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet ./... on the result: %v\n%s", err, msg)
	}
}
