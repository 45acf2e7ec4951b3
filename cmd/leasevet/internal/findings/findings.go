// Package findings holds what one run of the analyzers found: the
// diagnostics of the analysed packages with their positions resolved,
// each once and sorted by position, the analyzers' own errors, and the
// packages that could not be analysed. It is the vocabulary the output
// formats (package report) and the fix application (package fixapply)
// share, so that each is written once against one type.
//
// It must not know how findings are printed or fixed, how they were
// obtained, nor the command line that chose the analyzers or the
// packages.
package findings

import (
	"cmp"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// A Finding is one diagnostic of an analysed package, with its positions
// resolved.
type Finding struct {
	Analyzer *analysis.Analyzer
	Pkg      *packages.Package
	Diag     analysis.Diagnostic
	Posn     token.Position
	End      token.Position // Posn when the diagnostic has no end
}

// Results are the findings and the errors of a run, and the analysed
// packages.
type Results struct {
	Findings []Finding
	Errs     []string            // the analyzers' errors, "path: analyzer: error", sorted
	Failed   []Error             // every error by package, for the JSON output
	Roots    []*packages.Package // the analysed packages: SARIF's source root is their main module

	// PackageErrs are the load, parse and type errors of the packages
	// and the packages not analysed because of them, one line each as
	// printed, each once: positions are relative to the directory the
	// run was made in.
	PackageErrs []string
}

// An Error is what kept a package, or one analyzer on it, from being
// analysed.
type Error struct {
	PkgPath  string
	Analyzer string // the analyzer that failed; "" when the package itself could not be analysed
	Msg      string // several lines for a package's errors
}

// Sort puts the findings in position order, without duplicates, and the
// analyzer errors in order. A finding is a duplicate when its positions,
// analyzer and message are those of another: the copies a driver sees
// when a file belongs to both a package and its test variant.
func (r *Results) Sort() {
	type key struct {
		posn, end token.Position
		analyzer  *analysis.Analyzer
		message   string
	}
	seen := make(map[key]bool)
	r.Findings = slices.DeleteFunc(r.Findings, func(f Finding) bool {
		k := key{f.Posn, f.End, f.Analyzer, f.Diag.Message}
		dup := seen[k]
		seen[k] = true
		return dup
	})
	slices.SortFunc(r.Findings, compareFindings)
	slices.Sort(r.Errs)
}

func compareFindings(a, b Finding) int {
	return cmp.Or(
		strings.Compare(a.Posn.Filename, b.Posn.Filename),
		cmp.Compare(a.Posn.Offset, b.Posn.Offset),
		strings.Compare(a.Analyzer.Name, b.Analyzer.Name),
		strings.Compare(a.Diag.Message, b.Diag.Message),
	)
}
