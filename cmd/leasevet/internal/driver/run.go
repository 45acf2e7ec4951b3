package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
)

// run loads the packages named by cl.args, analyzes them and writes the
// chosen output; it returns the exit code.
func (d *Driver) run(cl *commandLine) int {
	pkgs, err := d.load(cl.args, cl.opts.tests, needFacts(cl.analyzers))
	if err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return ExitError
	}
	code := ExitClean
	// Like the x/tools drivers, go on after package errors: analyzers that
	// set RunDespiteErrors still run, and the exit code says it failed.
	if d.printPackageErrors(pkgs) > 0 {
		code = ExitError
	}
	graph, err := checker.Analyze(cl.analyzers, pkgs, &checker.Options{})
	if err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return ExitError
	}
	res := findings.Collect(graph)
	return max(code, d.output(cl, graph, res))
}

// load loads the packages with syntax and types; dependencies are loaded
// from source too when an analyzer uses facts, since facts are computed
// on the dependencies.
func (d *Driver) load(patterns []string, tests, allSyntax bool) ([]*packages.Package, error) {
	mode := packages.LoadSyntax
	if allSyntax {
		mode = packages.LoadAllSyntax
	}
	cfg := &packages.Config{Mode: mode | packages.NeedModule, Tests: tests, Dir: d.Dir}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading packages: %w", err)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	return pkgs, nil
}

// printPackageErrors prints load, parse and type errors once each and
// returns how many there were.
func (d *Driver) printPackageErrors(pkgs []*packages.Package) int {
	seen := make(map[string]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msg := d.relPosition(e.Pos) + e.Msg
			if !seen[msg] {
				seen[msg] = true
				fmt.Fprintln(d.Stderr, msg)
			}
		}
	})
	return len(seen)
}

// relPosition turns a "file:line:col" error position into a cwd-relative
// prefix ending in ": ", or "" when there is none.
func (d *Driver) relPosition(pos string) string {
	if pos == "" || pos == "-" {
		return ""
	}
	return d.relPath(pos) + ": "
}

// needFacts reports whether any analyzer, or one it requires, uses facts.
func needFacts(analyzers []*analysis.Analyzer) bool {
	seen := make(map[*analysis.Analyzer]bool)
	var visit func([]*analysis.Analyzer) bool
	visit = func(as []*analysis.Analyzer) bool {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			if len(a.FactTypes) > 0 || visit(a.Requires) {
				return true
			}
		}
		return false
	}
	return visit(analyzers)
}

// workDir is the directory that relative paths are computed against.
func (d *Driver) workDir() string {
	if d.Dir != "" {
		return d.Dir
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return wd
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
