package driver

import (
	"context"
	"fmt"
	"path"
	"path/filepath"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
	"github.com/leasevet/leasevet/internal/metamorphic/match"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/variant"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// moduleRun is the test of one module: its copies, and the findings of
// the module as it is.
type moduleRun struct {
	ctx        context.Context
	cfg        *Config
	dir        string // as the user named it
	v          *variant.Copy
	m          *workspace.Module
	cmds       *rewrite.Commands
	matcher    *match.Matcher
	base       []match.Anchored
	baseErrors map[string]bool
	builds     bool // the module as it is builds: a copy that does not is broken
}

func newModuleRun(ctx context.Context, cfg *Config, dir, tmp string) (*moduleRun, error) {
	r := &moduleRun{ctx: ctx, cfg: cfg, dir: dir}
	r.progress("loading")
	v, err := variant.New(ctx, cfg.Analyzer, dir, tmp)
	if err != nil {
		return nil, err
	}
	r.v, r.m, r.cmds = v, v.Module, rewrite.NewCommands(v.Module)
	r.matcher = match.New(r.m, r.cmds.Issues)
	if err := r.v.Write(nil); err != nil {
		return nil, err
	}
	r.builds = r.v.Build() == nil
	if !r.builds {
		r.progress("the module does not build as it is: rewritten copies are checked by type-checking only")
	}
	r.progress("analysing the module as it is")
	res, err := r.v.Analyze("./...")
	if err != nil {
		return nil, err
	}
	r.base = r.matcher.Original(res.Findings)
	r.baseErrors = map[string]bool{}
	for _, e := range res.Errors {
		r.baseErrors[e] = true
		r.progress("not analysed as it is, so never compared: %s", firstLine(e))
	}
	r.progress("%d findings", len(r.base))
	return r, nil
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

// baseIn splits the findings of the module as it is into those in the
// directories dirs and the number of others.
func (r *moduleRun) baseIn(dirs []string) (in []match.Anchored, others int) {
	set := map[string]bool{}
	for _, d := range dirs {
		set[d] = true
	}
	for _, a := range r.base {
		if set[path.Dir(a.Pos.File)] {
			in = append(in, a)
		} else {
			others++
		}
	}
	return in, others
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
	return fmt.Sprintf("%s:%d", filepath.ToSlash(rel), pos.Line)
}
