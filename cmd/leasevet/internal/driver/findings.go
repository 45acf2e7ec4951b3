package driver

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A finding is one diagnostic of a root action, with its positions
// resolved.
type finding struct {
	analyzer *analysis.Analyzer
	pkg      *packages.Package
	diag     analysis.Diagnostic
	posn     token.Position
	end      token.Position
}

// results are the deduplicated findings and the analyzer errors of a run.
type results struct {
	findings []finding
	errs     []string
	roots    []*packages.Package
}

// collect gathers the diagnostics of the root actions, dropping the copies
// that appear when a file belongs to both a package and its test variant,
// and the errors of every action.
func collect(graph *checker.Graph) *results {
	res := new(results)
	type key struct {
		posn, end token.Position
		analyzer  *analysis.Analyzer
		message   string
	}
	seen := make(map[key]bool)
	seenErr := make(map[string]bool)
	seenPkg := make(map[*packages.Package]bool)
	for act := range graph.All() {
		if reportableErr(act) {
			msg := fmt.Sprintf("%s: %s: %v", act.Package.PkgPath, act.Analyzer.Name, act.Err)
			if !seenErr[msg] {
				seenErr[msg] = true
				res.errs = append(res.errs, msg)
			}
		}
		if !act.IsRoot {
			continue
		}
		if !seenPkg[act.Package] {
			seenPkg[act.Package] = true
			res.roots = append(res.roots, act.Package)
		}
		for _, diag := range act.Diagnostics {
			f := finding{analyzer: act.Analyzer, pkg: act.Package, diag: diag,
				posn: act.Package.Fset.Position(diag.Pos), end: endPosition(act.Package.Fset, diag)}
			k := key{f.posn, f.end, f.analyzer, diag.Message}
			if !seen[k] {
				seen[k] = true
				res.findings = append(res.findings, f)
			}
		}
	}
	slices.SortFunc(res.findings, compareFindings)
	slices.Sort(res.errs)
	return res
}

// reportableErr reports whether act's error says something of its own.
// A package that does not load or type-check makes every analyzer fail
// ("analysis skipped due to errors in package", or "failed prerequisites"
// for those that require lockmodel): its errors are printed once, by
// printPackageErrors, and the echoes would repeat them once per analyzer.
// Likewise an analyzer that fails makes the ones requiring it fail with
// "failed prerequisites"; only its own error is shown.
func reportableErr(act *checker.Action) bool {
	if act.Err == nil || len(act.Package.Errors) > 0 {
		return false
	}
	return !strings.HasPrefix(act.Err.Error(), "failed prerequisites")
}

// endPosition is the diagnostic's end, or its start when End is unset.
func endPosition(fset *token.FileSet, d analysis.Diagnostic) token.Position {
	if d.End.IsValid() {
		return fset.Position(d.End)
	}
	return fset.Position(d.Pos)
}

func compareFindings(a, b finding) int {
	return cmp.Or(
		strings.Compare(a.posn.Filename, b.posn.Filename),
		cmp.Compare(a.posn.Offset, b.posn.Offset),
		strings.Compare(a.analyzer.Name, b.analyzer.Name),
		strings.Compare(a.diag.Message, b.diag.Message),
	)
}

// relPath returns name relative to the working directory when it lies
// below it, so that output reads like the go command's.
func (d *Driver) relPath(name string) string {
	wd := d.workDir()
	if wd == "" || !filepath.IsAbs(name) {
		return name
	}
	rel, err := filepath.Rel(wd, name)
	if err != nil || strings.HasPrefix(rel, "..") {
		return name
	}
	return rel
}
