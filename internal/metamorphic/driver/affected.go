package driver

import (
	"path"
	"sort"
	"strconv"

	"github.com/leasevet/leasevet/internal/metamorphic/match"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// affected returns the directories whose findings a rewrite can change:
// those it wrote a Go file in, and those of the module's packages that
// import one of them, directly or not (tests included). The findings of
// every other package stay what they were, since nothing they are built
// from changed, so only the affected packages are analysed again.
func (r *moduleRun) affected(out *workspace.Output) []string {
	importers := map[string][]string{} // import path → dirs of the packages that import it
	for _, p := range r.m.Packages {
		d := dirOf(p)
		for _, files := range [][]*workspace.File{p.Files, p.Tests, p.XTests} {
			for _, f := range files {
				for _, spec := range f.Syntax.Imports {
					imp, _ := strconv.Unquote(spec.Path.Value)
					importers[imp] = append(importers[imp], d)
				}
			}
		}
	}
	seen := map[string]bool{}
	var visit func(d string)
	visit = func(d string) {
		if seen[d] {
			return
		}
		seen[d] = true
		imp, err := r.m.ImportPath(path.Join(r.m.Dir, d))
		if err != nil {
			return
		}
		for _, importer := range importers[imp] {
			visit(importer)
		}
	}
	for _, d := range out.Dirs() {
		visit(d)
	}
	var dirs []string
	for d := range seen {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs
}

// patternsForDirs returns the package patterns of relative directories.
func patternsForDirs(dirs []string) []string {
	var files []string
	for _, d := range dirs {
		files = append(files, d+"/x.go")
	}
	return patternsFor(files)
}

// baseIn splits the findings of the module as it is into those in the
// directories dirs and the others.
func (r *moduleRun) baseIn(dirs []string) (in []match.Anchored, others int) {
	set := map[string]bool{}
	for _, d := range dirs {
		set[d] = true
	}
	for _, a := range r.base {
		if set[path.Dir(a.Pos.File)] {
			in = append(in, a)
		} else {
			others++
		}
	}
	return in, others
}
