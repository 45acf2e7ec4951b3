// Package findings holds what one run of the analyzers found: the
// diagnostics of the root packages with their positions resolved,
// deduplicated across a package and its test variant and sorted by
// position, and the analyzers' own errors. It is the vocabulary the output
// formats (package report) and the fix application (package fixapply)
// share, so that each is written once against one type.
//
// It must not know how findings are printed or fixed, nor the command line
// that chose the analyzers or the packages.
package findings

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A Finding is one diagnostic of a root action, with its positions
// resolved.
type Finding struct {
	Analyzer *analysis.Analyzer
	Pkg      *packages.Package
	Diag     analysis.Diagnostic
	Posn     token.Position
	End      token.Position // Posn when the diagnostic has no end
}

// Results are the deduplicated findings and the analyzer errors of a run,
// and the root packages they were found in.
type Results struct {
	Findings []Finding
	Errs     []string
	Roots    []*packages.Package // the analyzed packages: SARIF's source root is their main module
}

// Collect gathers the diagnostics of the root actions, dropping the copies
// that appear when a file belongs to both a package and its test variant,
// and the errors of every action.
func Collect(graph *checker.Graph) *Results {
	res := new(Results)
	type key struct {
		posn, end token.Position
		analyzer  *analysis.Analyzer
		message   string
	}
	seen := make(map[key]bool)
	seenErr := make(map[string]bool)
	seenPkg := make(map[*packages.Package]bool)
	for act := range graph.All() {
		if ReportableErr(act) {
			msg := fmt.Sprintf("%s: %s: %v", act.Package.PkgPath, act.Analyzer.Name, act.Err)
			if !seenErr[msg] {
				seenErr[msg] = true
				res.Errs = append(res.Errs, msg)
			}
		}
		if !act.IsRoot {
			continue
		}
		if !seenPkg[act.Package] {
			seenPkg[act.Package] = true
			res.Roots = append(res.Roots, act.Package)
		}
		for _, diag := range act.Diagnostics {
			f := Finding{Analyzer: act.Analyzer, Pkg: act.Package, Diag: diag,
				Posn: act.Package.Fset.Position(diag.Pos), End: endPosition(act.Package.Fset, diag)}
			k := key{f.Posn, f.End, f.Analyzer, diag.Message}
			if !seen[k] {
				seen[k] = true
				res.Findings = append(res.Findings, f)
			}
		}
	}
	slices.SortFunc(res.Findings, compareFindings)
	slices.Sort(res.Errs)
	return res
}

// ReportableErr reports whether act's error says something of its own.
// A package that does not load or type-check makes every analyzer fail
// ("analysis skipped due to errors in package", or "failed prerequisites"
// for those that require lockmodel): its errors are printed once, by
// the driver, and the echoes would repeat them once per analyzer.
// Likewise an analyzer that fails makes the ones requiring it fail with
// "failed prerequisites"; only its own error is shown.
func ReportableErr(act *checker.Action) bool {
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

func compareFindings(a, b Finding) int {
	return cmp.Or(
		strings.Compare(a.Posn.Filename, b.Posn.Filename),
		cmp.Compare(a.Posn.Offset, b.Posn.Offset),
		strings.Compare(a.Analyzer.Name, b.Analyzer.Name),
		strings.Compare(a.Diag.Message, b.Diag.Message),
	)
}
