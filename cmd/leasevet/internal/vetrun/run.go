package vetrun

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/vetunit"
)

// Config says what to analyse, and with what.
type Config struct {
	Dir       string               // where the go command runs; "" for the current directory
	Go        string               // the go command; "go" if ""
	Tool      string               // the vet tool: the leasevet binary, as an absolute path
	Patterns  []string             // the packages, as the go command takes them
	Tests     bool                 // also analyse test files
	ToolArgs  []string             // analyzer flags for the vet tool (-NAME, -NAME.FLAG=V), as given
	Analyzers []*analysis.Analyzer // the vet tool's analyzers, which the findings name
	Stderr    io.Writer            // the go command's messages that are not errors (go: downloading ...)
}

func (cfg Config) goCommand() string {
	if cfg.Go != "" {
		return cfg.Go
	}
	return "go"
}

// Run analyses the packages and returns what was found. An error means
// nothing could be analysed (the patterns do not load, go vet did not
// run); a package's errors are in the results.
func Run(ctx context.Context, cfg Config) (*findings.Results, error) {
	if err := checkGoVersion(ctx, cfg); err != nil {
		return nil, err
	}
	pkgs, err := list(ctx, cfg)
	if err != nil {
		return nil, err
	}
	p := newPlan(pkgs, cfg.Tests)
	c := newCollector(cfg, p)
	c.addListErrors()
	if len(p.vettable) > 0 {
		src := newSourceFiles(p.sizes())
		out, err := vetUnits(ctx, cfg, p)
		if err != nil {
			return nil, err
		}
		if err := c.addUnits(out.units, src); err != nil {
			return nil, err
		}
		c.addChanged(src)
		c.addVetErrors(out)
	}
	c.nameSkipped()
	c.res.Sort()
	return c.res, nil
}

// vetUnits runs go vet on the plan's packages, and again when it printed
// fewer units than the roots it analysed: Go 1.26's go vet keys a
// package's cached output without saying whether the unit reported or
// only computed facts for an importer (Go 1.27 says), so a package vetted
// first as a dependency replays, as a root, the empty output of that run.
// A rerun adds the tool flag -cachekey, which changes every key: a fixed
// value first, whose results later runs share, then a fresh one.
func vetUnits(ctx context.Context, cfg Config, p *plan) (*vetResult, error) {
	args := p.vetArgs(cfg.Patterns)
	out, err := vet(ctx, cfg, args)
	for _, key := range []string{"root", strconv.FormatInt(time.Now().UnixNano(), 36)} {
		if err != nil || len(out.units) >= p.unitsExpected(out) {
			break
		}
		again := cfg
		again.ToolArgs = append(slices.Clip(cfg.ToolArgs), "-"+vetunit.CacheKeyFlag+"="+key)
		out, err = vet(ctx, again, args)
	}
	return out, err
}

// collector builds the results of a run.
type collector struct {
	cfg      Config
	plan     *plan
	res      *findings.Results
	seenLine map[string]bool // package error lines printed already
	failed   map[string]bool // package paths with errors of their own
	broken   map[string]bool // package IDs that did not load or compile: their importers are not analysed
	failedAt map[string]int  // package path → its entry in res.Failed
}

func newCollector(cfg Config, p *plan) *collector {
	return &collector{cfg: cfg, plan: p, res: &findings.Results{Roots: p.packages()},
		seenLine: make(map[string]bool), failed: make(map[string]bool), broken: make(map[string]bool),
		failedAt: make(map[string]int)}
}

// addPackageError records the errors of the package path: its lines,
// each printed once, and one JSON entry for all of them.
func (c *collector) addPackageError(path string, lines []string) {
	c.failed[path] = true
	var kept []string
	for _, l := range lines {
		if !c.seenLine[l] {
			c.seenLine[l] = true
			c.res.PackageErrs = append(c.res.PackageErrs, l)
			kept = append(kept, l)
		}
	}
	if len(kept) == 0 {
		return
	}
	msg := strings.Join(kept, "\n")
	if i, ok := c.failedAt[path]; ok {
		c.res.Failed[i].Msg += "\n" + msg
		return
	}
	c.failedAt[path] = len(c.res.Failed)
	c.res.Failed = append(c.res.Failed, findings.Error{PkgPath: path, Msg: msg})
}

// addListErrors records the load errors of the roots go vet is not given,
// by the package they are in.
func (c *collector) addListErrors() {
	for _, r := range c.plan.excluded {
		for _, l := range append([]*listed{r}, c.plan.variants[r.ImportPath]...) {
			if l.Error != nil {
				c.broken[l.ImportPath] = true
				c.addPackageError(packagePath(l.ImportPath), []string{l.Error.line()})
			}
			for _, e := range l.DepsErrors {
				id := e.failedPackage(l.ImportPath)
				c.broken[id] = true
				c.addPackageError(packagePath(id), []string{e.line()})
			}
		}
	}
}

// addUnits converts what the units printed.
func (c *collector) addUnits(units []unitOutput, src *sourceFiles) error {
	byName := make(map[string]*analysis.Analyzer)
	for _, a := range c.cfg.Analyzers {
		byName[a.Name] = a
	}
	pkgs := make(map[string]*packages.Package)
	for _, u := range units {
		for id, byAnalyzer := range u {
			path := packagePath(id)
			if pkgs[path] == nil {
				pkgs[path] = c.packageOf(path, src)
			}
			for name, raw := range byAnalyzer {
				a := byName[name]
				if a == nil {
					return fmt.Errorf("go vet reported results of an unknown analyzer %q for %s", name, path)
				}
				if err := c.addAnalyzerOutput(pkgs[path], a, raw, src); err != nil {
					return fmt.Errorf("%s: %s: %w", path, name, err)
				}
			}
		}
	}
	return nil
}

// packageOf describes the package path, a root or a root's external test
// package.
func (c *collector) packageOf(path string, src *sourceFiles) *packages.Package {
	r := c.rootOf(path)
	if r == nil {
		return &packages.Package{ID: path, PkgPath: path, Fset: src.fset}
	}
	pkg := toPackage(r, path)
	pkg.Fset = src.fset
	return pkg
}

// rootOf returns the root whose unit path is, or nil.
func (c *collector) rootOf(path string) *listed {
	for _, r := range c.plan.roots {
		if r.ImportPath == path || r.ImportPath+"_test" == path {
			return r
		}
	}
	return nil
}

// addAnalyzerOutput adds an analyzer's diagnostics, or its error: go vet
// prints one or the other.
func (c *collector) addAnalyzerOutput(pkg *packages.Package, a *analysis.Analyzer, raw json.RawMessage, src *sourceFiles) error {
	if len(raw) > 0 && raw[0] == '{' {
		var e jsonError
		if err := json.Unmarshal(raw, &e); err != nil {
			return err
		}
		// A failed requirement fails every analyzer that needs it; the
		// vet tool reports its error once, under one of them.
		if !strings.HasPrefix(e.Error, "failed prerequisites") {
			c.res.Errs = append(c.res.Errs, fmt.Sprintf("%s: %s: %s", pkg.PkgPath, a.Name, e.Error))
			c.res.Failed = append(c.res.Failed, findings.Error{PkgPath: pkg.PkgPath, Analyzer: a.Name, Msg: e.Error})
		}
		return nil
	}
	var diags []jsonDiagnostic
	if err := json.Unmarshal(raw, &diags); err != nil {
		return err
	}
	for _, jd := range diags {
		f, err := src.finding(findings.Finding{Analyzer: a, Pkg: pkg}, jd)
		if err != nil {
			return err
		}
		if !src.changed[f.Posn.Filename] {
			c.res.Findings = append(c.res.Findings, f)
		}
	}
	return nil
}

// addChanged reports the files that changed while go vet read them: their
// findings were dropped, since their positions may point elsewhere now.
func (c *collector) addChanged(src *sourceFiles) {
	for name := range src.changed {
		c.res.Errs = append(c.res.Errs, fmt.Sprintf("%s: changed while it was analysed; its findings are left out, run again", name))
	}
}

// addVetErrors records the packages go vet reported failing, in path
// order, and, when go vet failed, its other lines too; otherwise those
// are the go command's messages, passed on as they are.
func (c *collector) addVetErrors(out *vetResult) {
	lines := make(map[string][]string)
	var paths []string
	for _, b := range out.blocks {
		path := packagePath(b.id)
		paths = append(paths, path)
		lines[path] = append(lines[path], b.lines...)
		if !b.variantUnit {
			c.broken[b.id] = true
		}
	}
	for _, path := range sortedUnique(paths) {
		c.addPackageError(path, lines[path])
	}
	if out.exit != 0 && len(out.blocks) == 0 {
		// go vet failed as a whole (go.mod trouble, say): its words are
		// the error.
		lines := out.other
		if len(lines) == 0 {
			lines = []string{fmt.Sprintf("go vet failed (exit status %d) and said nothing", out.exit)}
		}
		c.res.PackageErrs = append(c.res.PackageErrs, lines...)
		return
	}
	for _, l := range out.other {
		fmt.Fprintln(c.cfg.Stderr, l)
	}
}

// nameSkipped names, once each, the packages matched by the patterns that
// were not analysed and have no errors of their own: those above a
// dependency that does not load or compile, which go vet skips without a
// word. (A unit with nothing to report prints "{}", which does not say
// which unit it was: a skip is known from its cause, a failed dependency,
// which go vet reports, rather than from a missing output.)
func (c *collector) nameSkipped() {
	for _, r := range c.plan.roots {
		for _, path := range c.plan.expected(r) {
			if c.failed[path] {
				continue
			}
			var broken []string
			for _, d := range c.plan.deps(r, path) {
				if c.broken[d] {
					broken = append(broken, packagePath(d))
				}
			}
			if len(broken) == 0 {
				continue
			}
			msg := "not analysed: " + dependencyReason(sortedUnique(broken))
			c.res.PackageErrs = append(c.res.PackageErrs, path+": "+msg)
			c.res.Failed = append(c.res.Failed, findings.Error{PkgPath: path, Msg: msg})
		}
	}
}

// dependencyReason says why a package was not analysed.
func dependencyReason(broken []string) string {
	if len(broken) == 1 {
		return "its dependency " + broken[0] + " has errors"
	}
	return "its dependencies " + strings.Join(broken, ", ") + " have errors"
}
