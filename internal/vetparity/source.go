package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/leasevet/leasevet/analyzers"
)

// fromSource analyses every package of the module in dir in this process,
// as golangci-lint and gopls do: go/packages loads the packages, their
// dependencies and their test variants from source and the checker runs
// leasevet's analyzers on them all at once. It returns the normalised
// lines, a finding that a package and its test variant both report listed
// once, and "ERROR package" for a package on which an analyzer failed.
func fromSource(dir string) ([]string, error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: true, Dir: dir}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, fmt.Errorf("loading packages: %w", err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("%d errors loading the packages of %s", n, dir)
	}
	graph, err := checker.Analyze(analyzers.Default(), pkgs, nil)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool)
	var lines []string
	add := func(l string) {
		if !seen[l] {
			seen[l] = true
			lines = append(lines, l)
		}
	}
	for act := range graph.All() {
		if act.Err != nil && !strings.HasPrefix(act.Err.Error(), "failed prerequisites") {
			add(errorLine(act.Package.PkgPath))
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos).String()
			end := act.Package.Fset.Position(cmp.Or(d.End, d.Pos)).String()
			// The end position tells apart two findings of one message
			// at one place; it is not part of the line.
			if k := posn + end + act.Analyzer.Name + d.Message; !seen[k] {
				seen[k] = true
				lines = append(lines, findingLine(dir, posn, d.Category, d.Message))
			}
		}
	}
	slices.Sort(lines)
	return lines, nil
}
