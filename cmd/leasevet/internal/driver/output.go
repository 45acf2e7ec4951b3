package driver

import (
	"fmt"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/fixapply"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/report"
)

// output writes the results in the form the flags chose.
func (d *Driver) output(cl *commandLine, res *findings.Results) int {
	switch {
	case cl.opts.fix:
		return d.fix(res, cl.opts.diff)
	case cl.opts.json:
		if err := report.WriteJSON(d.Stdout, res); err != nil {
			fmt.Fprintf(d.Stderr, "%s: writing JSON: %v\n", d.Name, err)
			return ExitError
		}
		return ExitClean
	case cl.opts.sarif:
		return d.writeSARIF(cl, res)
	}
	return d.printText(res, cl.opts.context)
}

// printText prints the findings as text on stderr, with context lines
// under -c; it returns the exit code.
func (d *Driver) printText(res *findings.Results, context int) int {
	report.WriteText(d.Stderr, res, context, d.relPath)
	if len(res.Findings) > 0 {
		return ExitDiagnostics
	}
	return ExitClean
}

// writeSARIF prints the findings as a SARIF log on stdout, with a rule
// for every check of the analyzers that ran. Like -json it exits 0 when
// the log was written, whatever it contains.
func (d *Driver) writeSARIF(cl *commandLine, res *findings.Results) int {
	all, err := d.checks()
	if err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return ExitError
	}
	log := report.SARIFLog(res, report.SARIFConfig{Name: d.Name, Version: moduleVersion(), WorkDir: d.workDir(),
		HelpBase: cl.opts.sarifHelpBase, Analyzers: cl.analyzers, Checks: all})
	if err := log.Write(d.Stdout); err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return ExitError
	}
	for _, e := range res.Errs {
		fmt.Fprintln(d.Stderr, e)
	}
	return ExitClean
}

// fix applies the first suggested fix of every finding, or with diff
// prints what would change; it returns the exit code, an error when a fix
// could not be applied.
func (d *Driver) fix(res *findings.Results, diff bool) int {
	for _, e := range res.Errs {
		fmt.Fprintln(d.Stderr, e)
	}
	fx := &fixapply.Fixer{Name: d.Name, Stdout: d.Stdout, Stderr: d.Stderr, Rel: d.relPath,
		SafelockVersion: d.SafelockVersion}
	if !fx.Apply(res.Findings, diff) {
		return ExitError
	}
	return ExitClean
}
