package vetrun

import (
	"slices"
	"strings"
	"testing"
)

// The go command's stderr for a dependency that did not compile, a test
// variant whose vet unit failed (headed "# p" and "# [p]") and a line of
// its own.
const goVetStderr = `go: downloading example.com/x v1.0.0
# example.com/m/broken
./b.go:3:13: cannot use "s" (untyped string constant) as int value in variable declaration
# example.com/m/tv
# [example.com/m/tv]
tv/a_test.go:5:40: undefined: y
	have (int)
	want (string)
`

func TestParseStderr_blocksAndVariantUnits(t *testing.T) {
	res := new(vetResult)
	res.parseStderr([]byte(goVetStderr))
	if len(res.blocks) != 2 {
		t.Fatalf("%d blocks, want 2: %+v", len(res.blocks), res.blocks)
	}
	b, v := res.blocks[0], res.blocks[1]
	if b.id != "example.com/m/broken" || b.variantUnit || !slices.Equal(b.lines, []string{`b.go:3:13: cannot use "s" (untyped string constant) as int value in variable declaration`}) {
		t.Errorf("compile block = %+v", b)
	}
	if v.id != "example.com/m/tv" || !v.variantUnit || len(v.lines) != 3 || v.lines[1] != "\thave (int)" {
		t.Errorf("test variant's unit block = %+v", v)
	}
	if !slices.Equal(res.other, []string{"go: downloading example.com/x v1.0.0"}) {
		t.Errorf("other lines = %q", res.other)
	}
}

func TestSplitPosn_colonsInFileName(t *testing.T) {
	name, line, col, ok := splitPosn("/a:b/c.go:12:3")
	if !ok || name != "/a:b/c.go" || line != 12 || col != 3 {
		t.Errorf("splitPosn = %q %d %d %v", name, line, col, ok)
	}
	for _, bad := range []string{"", "c.go", "c.go:1", "c.go:x:1", "c.go:0:1"} {
		if _, _, _, ok := splitPosn(bad); ok {
			t.Errorf("splitPosn(%q) accepted", bad)
		}
	}
}

// TestNameSkipped_onlyAboveBrokenBuilds: app imports broken, which did
// not compile, and is named; lib imports tv, whose test variant's unit
// failed but which compiles, and is not; tv, with errors of its own, is
// not named either. Excluded roots are named with their failing
// dependency.
func TestNameSkipped_onlyAboveBrokenBuilds(t *testing.T) {
	pkgs := []*listed{
		{ImportPath: "m/app", GoFiles: []string{"app.go"}, Deps: []string{"fmt", "m/broken"}},
		{ImportPath: "m/broken", GoFiles: []string{"b.go"}},
		{ImportPath: "m/lib", GoFiles: []string{"lib.go"}, Deps: []string{"m/tv"}},
		{ImportPath: "m/tv", GoFiles: []string{"tv.go"}, TestGoFiles: []string{"a_test.go"}},
		{ImportPath: "m/top", GoFiles: []string{"top.go"}, Deps: []string{"m/mid"},
			DepsErrors: []*listError{{ImportStack: []string{"m/top", "m/mid"}, Pos: "mid/mid.go:3:8", Err: "no required module provides package x"}}},
	}
	c := newCollector(Config{}, newPlan(pkgs, true))
	c.addListErrors()
	res := new(vetResult)
	res.parseStderr([]byte("# m/broken\nb.go:1:1: bad\n# m/tv\n# [m/tv]\ntv/a_test.go:1:1: bad\n"))
	c.addVetErrors(res)
	c.nameSkipped()
	got := strings.Join(c.res.PackageErrs, "\n")
	want := strings.Join([]string{
		"mid/mid.go:3:8: no required module provides package x",
		"b.go:1:1: bad",
		"tv/a_test.go:1:1: bad",
		"m/app: not analysed: its dependency m/broken has errors",
		"m/top: not analysed: its dependency m/mid has errors",
	}, "\n")
	if got != want {
		t.Errorf("package errors:\n%s\nwant:\n%s", got, want)
	}
	if args := c.plan.vetArgs([]string{"./..."}); !slices.Equal(args, []string{"m/app", "m/broken", "m/lib", "m/tv"}) {
		t.Errorf("vetArgs = %q, want every root but the one that does not load", args)
	}
}

// TestAddPackageError_oneEntryPerPackage: a package with several errors
// (two bad imports, say) has one JSON entry holding them all, and a line
// already printed is not printed again.
func TestAddPackageError_oneEntryPerPackage(t *testing.T) {
	c := newCollector(Config{}, newPlan([]*listed{{ImportPath: "m/a", GoFiles: []string{"a.go"}}}, true))
	c.addPackageError("m/a", []string{"a.go:3:2: no module provides x"})
	c.addPackageError("m/a", []string{"a.go:4:2: no module provides y", "a.go:3:2: no module provides x"})
	if len(c.res.Failed) != 1 || c.res.Failed[0].Msg != "a.go:3:2: no module provides x\na.go:4:2: no module provides y" {
		t.Errorf("entries = %+v, want one with both errors", c.res.Failed)
	}
	if len(c.res.PackageErrs) != 2 {
		t.Errorf("printed lines = %q, want each once", c.res.PackageErrs)
	}
}
