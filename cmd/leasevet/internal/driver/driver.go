package driver

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/report"
)

// Exit codes of the standalone mode, the same as the x/tools drivers.
const (
	ExitClean       = 0 // no diagnostics, or -json/-sarif/-fix output written
	ExitError       = 1 // a package or an analyzer failed, whatever else was found
	ExitUsage       = 2 // bad command line
	ExitDiagnostics = 3 // diagnostics were reported
)

// A Subcommand is a word that, as the first argument, runs something other
// than the analysis (leasevet gopls ...).
type Subcommand struct {
	Summary string                  // one line in the usage, under "leasevet WORD ..."
	Run     func(args []string) int // gets the arguments after the word; returns the exit code
}

// Driver is the standalone leasevet command.
type Driver struct {
	Name        string                // program name in messages, e.g. "leasevet"
	Analyzers   []*analysis.Analyzer  // the analyzers -NAME selects from
	Stdout      io.Writer             // -json, -sarif and -diff output, help and -version
	Stderr      io.Writer             // text findings (where go vet prints them) and errors
	Dir         string                // directory to load packages from; "" means the current one
	VetTool     string                // the program go vet runs as the vet tool, by absolute path: this one
	Subcommands map[string]Subcommand // words that run something else (leasevet gopls), by word

	// SafelockVersion is the safelock version -fix requires in a module
	// whose fixed files import safelock and whose go.mod does not require
	// it yet; "" when unknown (a development build), and then -fix prints
	// the go get command instead of running it.
	SafelockVersion string
}

// Main runs the standalone command with args (without the program name)
// and returns the exit code.
func (d *Driver) Main(args []string) int {
	if err := analysis.Validate(d.Analyzers); err != nil {
		fmt.Fprintf(d.Stderr, "%s: invalid analyzers: %v\n", d.Name, err)
		return ExitError
	}
	if len(args) > 0 {
		if args[0] == "help" {
			return d.help(args[1:])
		}
		if sub, ok := d.Subcommands[args[0]]; ok {
			return sub.Run(args[1:])
		}
	}
	cl, err := d.parseFlags(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return ExitClean
	case err != nil:
		return ExitUsage
	}
	if cl.opts.version {
		fmt.Fprintf(d.Stdout, "%s version %s\n", d.Name, moduleVersion())
		return ExitClean
	}
	if len(cl.args) == 0 {
		d.usage(d.Stderr)
		return ExitUsage
	}
	return d.run(cl)
}

// moduleVersion returns the main module's version from the build info.
func moduleVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return bi.Main.Version + " " + bi.GoVersion
}

// usage prints the command summary: the three ways to run leasevet, the
// analyzers and the flags.
func (d *Driver) usage(w io.Writer) {
	fmt.Fprintf(w, `%[1]s reports misuse of Redis distributed locks in Go code.

Usage:
	%[1]s [flags] packages...
		standalone; exits 3 when it reports something
	go vet -vettool=$(which %[1]s) [flags] packages...
		as a go vet tool
	go fix -fixtool=$(which %[1]s) [-diff] packages...
		apply the suggested fixes with go fix
	%[1]s help [analyzer or check]
		this text, an analyzer's documentation, flags and checks, or a check's page
`, d.Name)
	d.printSubcommands(w)
	fmt.Fprintf(w, "\nAnalyzers:\n\n")
	for _, a := range d.sortedAnalyzers() {
		fmt.Fprintf(w, "\t%-14s %s\n", a.Name, report.Summary(a))
	}
	fmt.Fprintf(w, `
All analyzers run by default. -NAME runs only the analyzers named so;
-NAME=false runs all but those. Analyzer flags are -NAME.FLAG
(see '%s help NAME').

Flags:
`, d.Name)
	d.printDriverFlags(w)
}

func (d *Driver) printSubcommands(w io.Writer) {
	names := make([]string, 0, len(d.Subcommands))
	for name := range d.Subcommands {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(w, "\t%s %s ...\n\t\t%s\n", d.Name, name, d.Subcommands[name].Summary)
	}
}

// printDriverFlags prints the flags that are not per-analyzer.
func (d *Driver) printDriverFlags(w io.Writer) {
	var opts options
	fs := newFlagSet(d.Name, nil, &opts)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

func (d *Driver) sortedAnalyzers() []*analysis.Analyzer {
	as := slices.Clone(d.Analyzers)
	slices.SortFunc(as, func(a, b *analysis.Analyzer) int { return strings.Compare(a.Name, b.Name) })
	return as
}

// help implements "leasevet help [NAME...]".
func (d *Driver) help(names []string) int {
	if len(names) == 0 {
		d.usage(d.Stdout)
		return ExitClean
	}
	for _, name := range names {
		a := d.analyzer(name)
		if a == nil {
			if code := d.checkHelp(name); code != ExitClean {
				return code
			}
			continue
		}
		d.analyzerHelp(a)
	}
	return ExitClean
}

func (d *Driver) analyzer(name string) *analysis.Analyzer {
	for _, a := range d.Analyzers {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// analyzerHelp prints one analyzer's documentation and its flags, named as
// they are given on the command line.
func (d *Driver) analyzerHelp(a *analysis.Analyzer) {
	fmt.Fprintf(d.Stdout, "%s: %s\n", a.Name, report.Summary(a))
	if _, rest, ok := strings.Cut(a.Doc, "\n"); ok && strings.TrimSpace(rest) != "" {
		fmt.Fprintf(d.Stdout, "\n%s\n", strings.TrimSpace(rest))
	}
	d.printChecks(d.Stdout, a)
	fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	if hasFlags(a) {
		fmt.Fprintf(d.Stdout, "\nAnalyzer flags:\n\n")
		fs.SetOutput(d.Stdout)
		fs.PrintDefaults()
	}
	if a.URL != "" {
		fmt.Fprintf(d.Stdout, "\nMore: %s\n", a.URL)
	}
}

func hasFlags(a *analysis.Analyzer) bool {
	n := 0
	a.Flags.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}
