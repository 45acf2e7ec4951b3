package driver

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
	"github.com/leasevet/leasevet/internal/metamorphic/match"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// moduleRun is the test of one module: the copy the rewrites read (orig),
// the directory each rewritten copy is written to (variant: always the
// same path, so that the analyzer's messages and the build cache see the
// same file names), and the findings of the module as it is.
type moduleRun struct {
	ctx        context.Context
	cfg        *Config
	dir        string // as the user named it
	orig       string
	variant    string
	m          *workspace.Module
	cmds       *rewrite.Commands
	matcher    *match.Matcher
	base       []match.Anchored
	baseErrors map[string]bool
	builds     bool // the module as it is builds: a copy that does not is broken
	runs       int  // analyzer runs so far
	spent      time.Duration
}

func newModuleRun(ctx context.Context, cfg *Config, dir, tmp string) (*moduleRun, error) {
	r := &moduleRun{ctx: ctx, cfg: cfg, dir: dir, orig: filepath.Join(tmp, "orig"),
		variant: filepath.Join(tmp, "variant")}
	if err := workspace.CopyModule(dir, r.orig, nil); err != nil {
		return nil, err
	}
	r.progress("loading")
	m, err := workspace.Load(r.orig)
	if err != nil {
		return nil, err
	}
	r.m, r.cmds = m, rewrite.NewCommands(m)
	r.matcher = match.New(m, r.cmds.Issues)
	if err := r.reset(nil); err != nil {
		return nil, err
	}
	r.builds = r.build() == nil
	if !r.builds {
		r.progress("the module does not build as it is: rewritten copies are checked by type-checking only")
	}
	r.progress("analysing the module as it is")
	res, err := r.analyze("./...")
	if err != nil {
		return nil, err
	}
	r.base = r.matcher.Original(res.Findings)
	r.baseErrors = map[string]bool{}
	for _, e := range res.Errors {
		r.baseErrors[e] = true
	}
	r.progress("%d findings", len(r.base))
	return r, nil
}

// reset makes the variant directory a fresh copy of the module with out
// (if any) written into it.
func (r *moduleRun) reset(out *workspace.Output) error {
	if err := os.RemoveAll(r.variant); err != nil {
		return fmt.Errorf("clearing the copy: %w", err)
	}
	if err := workspace.CopyModule(r.orig, r.variant, nil); err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	return out.WriteTo(r.variant)
}

// build runs go build ./... in the variant directory.
func (r *moduleRun) build() error {
	cmd := exec.CommandContext(r.ctx, "go", "build", "./...")
	cmd.Dir = r.variant
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %w\n%s", err, out)
	}
	return nil
}

// analyze runs the analyzer on the packages of the variant directory
// that patterns name, and keeps the findings in those packages only (an
// analyzer may report others; a later comparison must not see them).
func (r *moduleRun) analyze(patterns ...string) (*finding.Result, error) {
	start := time.Now()
	defer func() { r.runs, r.spent = r.runs+1, r.spent+time.Since(start) }()
	res, err := finding.Run(r.ctx, r.cfg.Analyzer, r.variant, patterns...)
	if err != nil || len(patterns) == 1 && patterns[0] == "./..." {
		return res, err
	}
	dirs := map[string]bool{}
	for _, p := range patterns {
		dirs[path.Clean(strings.TrimPrefix(p, "./"))] = true
	}
	kept := res.Findings[:0]
	for _, f := range res.Findings {
		if dirs[path.Dir(f.Pos.File)] {
			kept = append(kept, f)
		}
	}
	res.Findings = kept
	return res, nil
}

// newErrors returns the analyzer's errors of res that the module as it
// is did not have: packages a rewrite broke.
func (r *moduleRun) newErrors(res *finding.Result) []string {
	var errs []string
	for _, e := range res.Errors {
		if !r.baseErrors[e] {
			errs = append(errs, e)
		}
	}
	return errs
}

// patternsFor returns the package patterns (./dir) of the relative file
// names, once each.
func patternsFor(files []string) []string {
	seen := map[string]bool{}
	var pats []string
	for _, f := range files {
		d := path.Dir(f)
		p := "./" + d
		if d == "." {
			p = "."
		}
		if !seen[p] {
			seen[p] = true
			pats = append(pats, p)
		}
	}
	sort.Strings(pats)
	return pats
}

// placeFile returns the relative name of the file a place is in.
func (r *moduleRun) placeFile(p rewrite.Place) string {
	if f := r.m.FileAt(p.Pos); f != nil {
		return f.Rel
	}
	return ""
}

// where returns file:line of an original position.
func (r *moduleRun) where(p rewrite.Place) string {
	pos := r.m.Position(p.Pos)
	rel, err := filepath.Rel(r.m.Dir, pos.Filename)
	if err != nil {
		rel = pos.Filename
	}
	return fmt.Sprintf("%s:%d", strings.ReplaceAll(rel, string(filepath.Separator), "/"), pos.Line)
}
