package driver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/vetrun"
)

// run analyses the packages named by cl.args, by running go vet with the
// vet tool (package vetrun), and writes the chosen output; it returns the
// exit code. Errors decide it whatever else was found: a package that
// could not be analysed, or an analyzer that failed, makes it 1, so that
// findings elsewhere do not hide them.
func (d *Driver) run(cl *commandLine) int {
	if d.VetTool == "" {
		fmt.Fprintf(d.Stderr, "%s: no vet tool to run go vet with\n", d.Name)
		return ExitError
	}
	res, err := vetrun.Run(context.Background(), vetrun.Config{
		Dir:       d.Dir,
		Tool:      d.VetTool,
		Patterns:  cl.args,
		Tests:     cl.opts.tests,
		ToolArgs:  cl.toolArgs,
		Analyzers: d.Analyzers,
		Stderr:    d.Stderr,
	})
	if err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return ExitError
	}
	for _, l := range res.PackageErrs {
		fmt.Fprintln(d.Stderr, l)
	}
	code := d.output(cl, res)
	if len(res.PackageErrs) > 0 || len(res.Errs) > 0 {
		return ExitError
	}
	return code
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
