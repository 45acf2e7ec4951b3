package driver

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/report"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/vetunit"
)

// errUsage is returned by parseFlags when the command line is wrong; the
// message has already been printed.
var errUsage = errors.New("usage error")

// options holds the driver flags of the standalone mode.
type options struct {
	fix     bool
	diff    bool
	json    bool
	sarif   bool
	tests   bool
	context int
	version bool

	// sarifHelpBase is the URL of the checks' pages in SARIF rules,
	// ending in a slash.
	sarifHelpBase string
}

// triState is an analyzer enable flag that remembers whether it was set:
// -a selects only a while -a=false removes a from all, as the vet tool
// (unitchecker's flags) applies them.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

// Set parses the flag's value as a bool, as the flag package does for a
// bool flag.
func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*ts = setFalse
	if b {
		*ts = setTrue
	}
	return nil
}

// String is the value shown as the default in the usage: every analyzer
// runs unless told otherwise.
func (ts *triState) String() string {
	if ts != nil && *ts == setFalse {
		return "false"
	}
	return "true"
}

// IsBoolFlag lets -NAME stand alone, without =true, as go vet's enable
// flags do.
func (ts *triState) IsBoolFlag() bool { return true }

// commandLine is the parsed standalone command line.
type commandLine struct {
	opts     options
	args     []string // the packages
	toolArgs []string // the analyzer flags, for the vet tool, as given

	// analyzers are those the enable flags select, as the vet tool
	// selects them; SARIF lists their rules.
	analyzers []*analysis.Analyzer
}

// driverFlags are the flags of the standalone mode itself, which are not
// passed on to the vet tool.
var driverFlags = map[string]bool{"fix": true, "diff": true, "json": true, "sarif": true, "test": true, "c": true, "V": true,
	"sarif-help-base": true}

// newFlagSet registers the driver flags, one enable flag per analyzer and
// each analyzer flag as -NAME.FLAG, as multichecker and go vet do. The
// analyzer flags are parsed here only to reject a bad command line before
// anything runs; the vet tool, which selects and configures the
// analyzers, gets them as given (see toolArgs).
func newFlagSet(name string, analyzers []*analysis.Analyzer, opts *options) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&opts.fix, "fix", false, "apply the first suggested fix of each diagnostic")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print a unified diff instead of writing files")
	fs.BoolVar(&opts.json, "json", false, "print diagnostics and fixes as JSON (the go vet -json format) on stdout")
	fs.BoolVar(&opts.sarif, "sarif", false, "print a SARIF 2.1.0 log on stdout")
	fs.StringVar(&opts.sarifHelpBase, "sarif-help-base", report.DefaultHelpBase,
		"with -sarif, the URL of the directory holding the checks' pages (docs/checks), for each rule's helpUri")
	fs.BoolVar(&opts.tests, "test", true, "also analyze test files")
	fs.IntVar(&opts.context, "c", -1, "display the offending line with this many lines of context")
	fs.BoolVar(&opts.version, "V", false, "print version and exit")
	fs.String(vetunit.CacheKeyFlag, "", "a value that only changes go vet's cache key: a fresh one analyses every package again")
	for _, a := range analyzers {
		fs.Var(new(triState), a.Name, fmt.Sprintf("enable the %s analyzer", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	return fs
}

// parseFlags parses args and selects the analyzers; on a bad command line
// it prints the problem to stderr and returns errUsage, and on -h it prints
// the usage to stdout and returns flag.ErrHelp.
func (d *Driver) parseFlags(args []string) (*commandLine, error) {
	cl := new(commandLine)
	fs := newFlagSet(d.Name, d.Analyzers, &cl.opts)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			d.usage(d.Stdout)
			return nil, err
		}
		fmt.Fprintf(d.Stderr, "%s: %v\nRun '%s -h' for usage.\n", d.Name, err, d.Name)
		return nil, errUsage
	}
	if cl.opts.diff && !cl.opts.fix {
		fmt.Fprintf(d.Stderr, "%s: -diff requires -fix\n", d.Name)
		return nil, errUsage
	}
	if cl.opts.json && cl.opts.sarif {
		fmt.Fprintf(d.Stderr, "%s: -json and -sarif cannot be combined\n", d.Name)
		return nil, errUsage
	}
	if err := checkHelpBase(fs, &cl.opts); err != nil {
		fmt.Fprintf(d.Stderr, "%s: %v\n", d.Name, err)
		return nil, errUsage
	}
	cl.analyzers = selectAnalyzers(fs, d.Analyzers)
	cl.args = fs.Args()
	cl.toolArgs = toolArgs(fs, args[:len(args)-len(cl.args)])
	return cl, nil
}

// toolArgs returns the analyzer flags among flagArgs, the part of a
// command line fs parsed without error, as they were written: the vet
// tool parses them as go vet passes them, raw, and an analyzer's flag
// value need not print back as it was given.
func toolArgs(fs *flag.FlagSet, flagArgs []string) []string {
	var out []string
	for i := 0; i < len(flagArgs); i++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(flagArgs[i], "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			continue // the "--" that ends the flags
		}
		n := 1
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) {
			n = 2 // -NAME.FLAG VALUE
		}
		if !driverFlags[name] {
			out = append(out, flagArgs[i:min(i+n, len(flagArgs))]...)
		}
		i += n - 1
	}
	return out
}

// selectAnalyzers returns the analyzers the enable flags of fs select:
// only those set true when any is, else all but those set false.
func selectAnalyzers(fs *flag.FlagSet, all []*analysis.Analyzer) []*analysis.Analyzer {
	state := func(a *analysis.Analyzer) triState { return *fs.Lookup(a.Name).Value.(*triState) }
	want := setFalse // keep those not explicitly disabled
	for _, a := range all {
		if state(a) == setTrue {
			want = setTrue // keep only those explicitly enabled
			break
		}
	}
	var keep []*analysis.Analyzer
	for _, a := range all {
		ts := state(a)
		if (want == setTrue && ts == setTrue) || (want == setFalse && ts != setFalse) {
			keep = append(keep, a)
		}
	}
	return keep
}

// IsVetProtocol reports whether args are an invocation by go vet or go fix
// (-V=full, -flags, or a single *.cfg file after flags) rather than a
// standalone command line.
func IsVetProtocol(args []string) bool {
	for _, arg := range args {
		switch strings.TrimLeft(arg, "-") {
		case "flags", "V=full":
			return strings.HasPrefix(arg, "-")
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") &&
		!strings.HasPrefix(args[len(args)-1], "-")
}

// checkHelpBase validates -sarif-help-base: set only with -sarif, an
// absolute URL; a missing final slash is added.
func checkHelpBase(fs *flag.FlagSet, opts *options) error {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "sarif-help-base" })
	if !set {
		return nil
	}
	if !opts.sarif {
		return errors.New("-sarif-help-base requires -sarif")
	}
	u, err := url.Parse(opts.sarifHelpBase)
	if err != nil || !u.IsAbs() || u.Opaque != "" {
		return fmt.Errorf("-sarif-help-base=%s: want an absolute URL such as %s", opts.sarifHelpBase, report.DefaultHelpBase)
	}
	if !strings.HasSuffix(opts.sarifHelpBase, "/") {
		opts.sarifHelpBase += "/"
	}
	return nil
}
