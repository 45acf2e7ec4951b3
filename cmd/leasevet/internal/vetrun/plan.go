package vetrun

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A plan is what go list said about the patterns: the root packages, which
// of them go vet can analyse, and what each unit should be heard from.
type plan struct {
	roots    []*listed            // the packages the patterns matched, in go list's order
	variants map[string][]*listed // root path → its test variants
	vettable []*listed            // the roots go vet can load
	excluded []*listed            // the roots that do not load, or whose test variants do not
	tests    bool
}

// newPlan sorts the listed packages into roots and test variants, and the
// roots into those go vet can analyse and those it cannot load.
func newPlan(pkgs []*listed, tests bool) *plan {
	p := &plan{variants: make(map[string][]*listed), tests: tests}
	testMains := make(map[string]bool)
	for _, l := range pkgs {
		if l.ForTest != "" {
			p.variants[l.ForTest] = append(p.variants[l.ForTest], l)
			testMains[l.ForTest+".test"] = true
		}
	}
	for _, l := range pkgs {
		if l.ForTest == "" && !(l.Name == "main" && testMains[l.ImportPath]) {
			p.roots = append(p.roots, l)
		}
	}
	for _, r := range p.roots {
		if p.loads(r) {
			p.vettable = append(p.vettable, r)
		} else {
			p.excluded = append(p.excluded, r)
		}
	}
	return p
}

// loads reports whether go vet can load r and its test variants: go vet
// gives up on the whole run when one package of the graph has a load
// error, and skips a package whose test files do not load.
func (p *plan) loads(r *listed) bool {
	for _, l := range append([]*listed{r}, p.variants[r.ImportPath]...) {
		if l.Error != nil || len(l.DepsErrors) > 0 {
			return false
		}
	}
	return true
}

// vetArgs are the packages to pass to go vet: the patterns as given when
// every root loads (file arguments, say, have no import path to name them
// by), else the import paths of those that load.
func (p *plan) vetArgs(patterns []string) []string {
	if len(p.excluded) == 0 {
		return patterns
	}
	args := make([]string, len(p.vettable))
	for i, r := range p.vettable {
		args[i] = r.ImportPath
	}
	return args
}

// expected returns the package paths whose units go vet runs for r: r
// itself (or its test variant, which includes it), and its external test
// package.
func (p *plan) expected(r *listed) []string {
	var out []string
	if len(r.GoFiles)+len(r.CgoFiles) > 0 || p.tests && len(r.TestGoFiles) > 0 {
		out = append(out, r.ImportPath)
	}
	if p.tests && len(r.XTestGoFiles) > 0 {
		out = append(out, r.ImportPath+"_test")
	}
	return out
}

// unitsExpected counts the units go vet must print for the roots, by
// what out says of failures: every unit of a vettable root (expected)
// but those that failed and those above a package that did not compile.
func (p *plan) unitsExpected(out *vetResult) int {
	failed, broken := make(map[string]bool), make(map[string]bool)
	for _, b := range out.blocks {
		failed[packagePath(b.id)] = true
		if !b.variantUnit {
			broken[b.id] = true
		}
	}
	n := 0
	for _, r := range p.vettable {
		for _, path := range p.expected(r) {
			if !failed[path] && !slices.ContainsFunc(p.deps(r, path), func(d string) bool { return broken[d] }) {
				n++
			}
		}
	}
	return n
}

// deps returns the dependencies of the unit with path path, a root or
// its external test package: the test variant's when it is listed.
func (p *plan) deps(r *listed, path string) []string {
	for _, v := range p.variants[r.ImportPath] {
		if packagePath(v.ImportPath) == path {
			return v.Deps
		}
	}
	return r.Deps
}

// packages returns the roots as packages.Package values, with their
// module, for the output formats.
func (p *plan) packages() []*packages.Package {
	out := make([]*packages.Package, len(p.roots))
	for i, r := range p.roots {
		out[i] = toPackage(r, r.ImportPath)
	}
	return out
}

// toPackage describes the package with path path (r, or its external test
// package) as a packages.Package: the path, name and module, which is all
// the findings' users read.
func toPackage(r *listed, path string) *packages.Package {
	pkg := &packages.Package{ID: path, PkgPath: path, Name: r.Name}
	if m := r.Module; m != nil {
		pkg.Module = &packages.Module{Path: m.Path, Dir: m.Dir, Main: m.Main, GoVersion: m.GoVersion}
	}
	return pkg
}

// sizes returns the size of every source file of the roots, before go vet
// reads them, so that a file changed during the run can be told from the
// file the findings are about.
func (p *plan) sizes() map[string]int64 {
	out := make(map[string]int64)
	for _, r := range p.roots {
		for _, names := range [][]string{r.GoFiles, r.CgoFiles, r.TestGoFiles, r.XTestGoFiles} {
			for _, n := range names {
				name := filepath.Join(r.Dir, n)
				if fi, err := os.Stat(name); err == nil {
					out[name] = fi.Size()
				}
			}
		}
	}
	return out
}

// packagePath is the package path of a go command package ID: "p" for
// "p [p.test]".
func packagePath(id string) string {
	path, _, _ := strings.Cut(id, " [")
	return path
}

// sortedUnique returns the strings sorted, each once.
func sortedUnique(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}
