package driver

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/docs/checks"
)

// The help for a check (leasevet help bare-del) is its page in
// docs/checks, printed as it is; the help for an analyzer lists its
// checks. Only the checks of the analyzers this driver runs are known to
// it: a page whose analyzer is not in the binary is not offered.

// checks returns the checks of d's analyzers, in the index's order.
func (d *Driver) checks() ([]checks.Check, error) {
	cat, err := checks.Load()
	if err != nil {
		return nil, err
	}
	var out []checks.Check
	for _, ch := range cat.All() {
		if d.analyzer(ch.Analyzer) != nil {
			out = append(out, ch)
		}
	}
	return out, nil
}

// checkHelp prints the page of the check named name and returns the exit
// code: ExitUsage, after listing the valid names, when there is none.
func (d *Driver) checkHelp(name string) int {
	all, err := d.checks()
	if err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return ExitError
	}
	if i := slices.IndexFunc(all, func(ch checks.Check) bool { return ch.Category == name }); i >= 0 {
		fmt.Fprint(d.Stdout, all[i].Page)
		return ExitClean
	}
	fmt.Fprintf(d.Stderr, "%s: no analyzer or check named %q\n", d.Name, name)
	var names []string
	for _, a := range d.sortedAnalyzers() {
		names = append(names, a.Name)
	}
	fmt.Fprintf(d.Stderr, "analyzers: %s\n", strings.Join(names, ", "))
	if len(all) > 0 {
		names = names[:0]
		for _, ch := range all {
			names = append(names, ch.Category)
		}
		fmt.Fprintf(d.Stderr, "checks: %s\n", strings.Join(names, ", "))
	}
	return ExitUsage
}

// printChecks lists the checks an analyzer reports, after its
// documentation.
func (d *Driver) printChecks(w io.Writer, a *analysis.Analyzer) {
	all, err := d.checks()
	if err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return
	}
	var own []checks.Check
	for _, ch := range all {
		if ch.Analyzer == a.Name {
			own = append(own, ch)
		}
	}
	if len(own) == 0 {
		return
	}
	fmt.Fprintf(w, "\nChecks ('%s help CHECK' prints a check's page):\n\n", d.Name)
	for _, ch := range own {
		fmt.Fprintf(w, "\t%-22s %s\n", ch.Category, ch.Title)
	}
}
