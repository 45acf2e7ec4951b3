package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
	"github.com/leasevet/leasevet/internal/metamorphic/match"
	"github.com/leasevet/leasevet/internal/metamorphic/output"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/typecheck"
	"github.com/leasevet/leasevet/internal/metamorphic/variant"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// kindResult is what one kind did to one module.
type kindResult struct {
	module, kind string
	places       int // where the kind applies
	applied      int // places in the rewritten copy
	pairs, kept  int
	lost, added  []*changed
	note         string // why nothing was applied, when the copy failed
}

// changed is a finding that a rewrite lost or added.
type changed struct {
	match.Anchored
	went  string // where the anchor went (lost) or is (added)
	cause string // the place or places that did it
}

// runKind applies every place of k that can be applied, rebuilds,
// re-analyses and compares.
func (r *moduleRun) runKind(k rewrite.Kind) (*kindResult, error) {
	res := &kindResult{module: r.dir, kind: k.Name()}
	places, err := placesOf(k, r.m)
	if err != nil {
		return nil, err
	}
	res.places = len(places)
	idx := r.validate(places, nonOverlapping(places))
	r.progress("%s: %d places, %d apply", k.Name(), len(places), len(idx))
	if len(idx) == 0 {
		return res, nil
	}
	v, err := r.rewritten(places, idx)
	if err != nil {
		res.note = err.Error()
		r.progress("%s: %v", k.Name(), err)
		return res, nil
	}
	out, idx := v.out, v.idx
	res.applied = len(idx)
	if err := r.keep(k); err != nil {
		return nil, err
	}
	base, untouched := r.baseIn(v.dirs)
	cmp := match.Compare(base, r.matcher.Rewritten(v.findings, out))
	res.pairs, res.kept = len(r.base)+len(cmp.Added), len(cmp.Kept)+untouched
	for _, a := range cmp.Lost {
		res.lost = append(res.lost, &changed{Anchored: a, went: r.matcher.Went(out, a.Orig)})
	}
	for _, a := range cmp.Added {
		res.added = append(res.added, &changed{Anchored: a, went: a.Pos.String()})
	}
	if len(res.lost)+len(res.added) > 0 {
		r.progress("%s: %d lost, %d added: attributing", k.Name(), len(res.lost), len(res.added))
		r.attribute(places, idx, res)
	}
	r.progress("%s: done; %d analyzer runs so far, %s", k.Name(), r.v.Runs, r.v.Spent.Round(time.Second))
	return res, nil
}

// keep copies the rewritten copy of kind k, as it was analysed, to
// Config.Keep, when it is set, for a person to read what a rewrite did to
// a finding.
func (r *moduleRun) keep(k rewrite.Kind) error {
	if r.cfg.Keep == "" {
		return nil
	}
	dst := filepath.Join(r.cfg.Keep, filepath.Base(r.dir), k.Name())
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	return variant.CopyModule(r.v.Dir, dst, nil)
}

// placesOf returns the places of k; a kind that panics is a bug of the
// tool, reported as an error rather than a crash.
func placesOf(k rewrite.Kind, m *workspace.Module) (places []rewrite.Place, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error finding the places: %v", p)
		}
	}()
	return k.Places(m), nil
}

// nonOverlapping returns the indices of the places to apply together:
// in source order, each place whose code no earlier kept place changes.
func nonOverlapping(places []rewrite.Place) []int {
	order := make([]int, len(places))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return places[order[a]].Pos < places[order[b]].Pos })
	var kept []int
	for _, i := range order {
		p := places[i]
		overlaps := false
		for _, j := range kept {
			q := places[j]
			overlaps = overlaps || (p.Pos < q.End && q.Pos < p.End)
		}
		if !overlaps {
			kept = append(kept, i)
		}
	}
	sort.Ints(kept)
	return kept
}

// edit applies the places idx of places to a new edit of the module.
func (r *moduleRun) edit(places []rewrite.Place, idx []int) (e *workspace.Edit, err error) {
	defer func() {
		if p := recover(); p != nil {
			e, err = nil, fmt.Errorf("internal error applying a place: %v", p)
		}
	}()
	e = workspace.NewEdit(r.m)
	for _, i := range idx {
		e.Begin(i)
		if err := places[i].Apply(e); err != nil {
			return nil, fmt.Errorf("%s at %s: %w", places[i].What, r.where(places[i]), err)
		}
	}
	return e, nil
}

// output applies idx, type-checks the result and prints it.
func (r *moduleRun) output(places []rewrite.Place, idx []int) (*output.Output, error) {
	e, err := r.edit(places, idx)
	if err != nil {
		return nil, err
	}
	if err := typecheck.Check(e); err != nil {
		return nil, err
	}
	return output.Print(e)
}

// validate returns the places of idx that type-check, together: all of
// them when they do at once; else those that do alone, added one by one
// while the whole still type-checks.
func (r *moduleRun) validate(places []rewrite.Place, idx []int) []int {
	ok := func(sub []int) bool {
		_, err := r.output(places, sub)
		return err == nil
	}
	if len(idx) == 0 || ok(idx) {
		return idx
	}
	var alone []int
	for _, i := range idx {
		if ok([]int{i}) {
			alone = append(alone, i)
		}
	}
	if ok(alone) {
		return alone
	}
	var acc []int
	for _, i := range alone {
		if ok(append(append([]int(nil), acc...), i)) {
			acc = append(acc, i)
		}
	}
	return acc
}

// rewrittenCopy is a rewritten copy that builds and was analysed.
type rewrittenCopy struct {
	out      *output.Output
	idx      []int             // the places applied
	dirs     []string          // the packages analysed again (affected)
	findings []finding.Finding // their findings
}

// rewritten writes the places idx into the copy, builds it and analyses
// the packages it affects; places that break the build or the analysis
// are found by halving and dropped, for a few rounds.
func (r *moduleRun) rewritten(places []rewrite.Place, idx []int) (*rewrittenCopy, error) {
	for round := 0; round < 3 && len(idx) > 0; round++ {
		out, err := r.output(places, idx)
		if err != nil {
			return nil, err
		}
		if err := r.v.Write(out); err != nil {
			return nil, err
		}
		if r.builds {
			if err := r.v.Build(); err != nil {
				r.progress("the copy does not build: %s", firstLine(err.Error()))
				idx = without(idx, r.breaking(places, idx, r.buildFails))
				continue
			}
		}
		dirs := r.v.Affected(out)
		res, err := r.v.Analyze(variant.Patterns(dirs)...)
		if err != nil {
			return nil, err
		}
		if errs := r.newErrors(res); len(errs) > 0 {
			r.progress("the analyzer fails on the copy: %s", strings.Join(errs, "; "))
			idx = without(idx, r.breaking(places, idx, r.analysisFails))
			continue
		}
		return &rewrittenCopy{out: out, idx: idx, dirs: dirs, findings: res.Findings}, nil
	}
	return nil, fmt.Errorf("the rewritten copy does not build or analyse")
}

func without(idx, drop []int) []int {
	gone := map[int]bool{}
	for _, i := range drop {
		gone[i] = true
	}
	var kept []int
	for _, i := range idx {
		if !gone[i] {
			kept = append(kept, i)
		}
	}
	return kept
}
