package driver

import (
	"fmt"
	"go/ast"
	"go/token"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
	"github.com/leasevet/leasevet/internal/metamorphic/match"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/variant"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// breaking returns the places of idx that make fails true: by halving,
// down to one place, or to a set whose halves do not fail alone.
func (r *moduleRun) breaking(places []rewrite.Place, idx []int, fails func([]rewrite.Place, []int) bool) []int {
	if len(idx) <= 1 {
		return idx
	}
	half, rest := idx[:len(idx)/2], idx[len(idx)/2:]
	if fails(places, half) {
		return r.breaking(places, half, fails)
	}
	if fails(places, rest) {
		return r.breaking(places, rest, fails)
	}
	return idx
}

// buildFails reports whether the copy with the places idx does not build.
func (r *moduleRun) buildFails(places []rewrite.Place, idx []int) bool {
	out, err := r.output(places, idx)
	if err != nil || r.v.Write(out) != nil {
		return true
	}
	return r.v.Build() != nil
}

// analysisFails reports whether the analyzer fails on a package of the
// copy with the places idx where it did not on the module.
func (r *moduleRun) analysisFails(places []rewrite.Place, idx []int) bool {
	out, err := r.output(places, idx)
	if err != nil || r.v.Write(out) != nil {
		return true
	}
	res, err := r.v.Analyze(variant.Patterns(r.v.Affected(out))...)
	return err != nil || len(r.newErrors(res)) > 0
}

// target is a lost or added finding to attribute.
type target struct {
	c          *changed
	lost       bool
	candidates []int // the places that can have caused it
	verified   bool  // a run with the candidates alone reproduced it
}

// attribute finds the place that caused each lost and added finding of
// res: the place that created an added finding's anchor, the one place
// that could have, or the place found by running the analyzer on halves
// of the candidates (at most cfg.MaxBisect runs).
func (r *moduleRun) attribute(places []rewrite.Place, idx []int, res *kindResult) {
	var ts []*target
	for _, c := range res.lost {
		ts = append(ts, &target{c: c, lost: true, candidates: r.candidates(places, idx, c.Pos.File)})
	}
	for _, c := range res.added {
		if c.Owner >= 0 {
			c.cause = r.describe(places, []int{c.Owner})
			continue
		}
		ts = append(ts, &target{c: c, candidates: r.candidates(places, idx, c.Pos.File)})
	}
	budget := r.cfg.MaxBisect
	ts = r.direct(places, ts)
	r.narrow(places, ts, &budget, r.touches)
	r.narrow(places, ts, &budget, r.sameDecl)
	r.halve(places, ts, &budget)
}

// direct attributes, without running anything, the targets that exactly
// one candidate place touches (it rewrote their command, or the command
// they are judged against) when no other candidate is in the same
// declaration; it returns the others.
func (r *moduleRun) direct(places []rewrite.Place, ts []*target) []*target {
	var rest []*target
	for _, t := range ts {
		var touching, near []int
		for _, i := range t.candidates {
			if r.touches(t, places[i]) {
				touching = append(touching, i)
			}
			if r.sameDecl(t, places[i]) {
				near = append(near, i)
			}
		}
		if len(touching) == 1 && len(near) <= 1 {
			t.c.cause = r.describe(places, touching)
			continue
		}
		rest = append(rest, t)
	}
	return rest
}

// narrow narrows the candidates of each target to those near(t, i)
// accepts, when those alone (all targets' together, in one run)
// reproduce it: most findings are lost or added by the place that
// rewrote their own command, the command they are judged against, or
// their function.
func (r *moduleRun) narrow(places []rewrite.Place, ts []*target, budget *int, near func(*target, rewrite.Place) bool) {
	guesses := map[*target][]int{}
	var union []int
	var tried []*target
	for _, t := range ts {
		for _, i := range t.candidates {
			if near(t, places[i]) {
				guesses[t] = append(guesses[t], i)
			}
		}
		if len(guesses[t]) > 0 && len(guesses[t]) < len(t.candidates) {
			union = append(union, guesses[t]...)
			tried = append(tried, t)
		}
	}
	if len(tried) == 0 || *budget <= 0 {
		return
	}
	yes, _ := r.reproduce(places, compact(union), tried, budget)
	for _, t := range yes {
		t.candidates = guesses[t]
		t.verified = len(t.candidates) == 1 && len(tried) == 1
	}
}

// touches reports whether p changes the code of t's anchor or of one of
// its related positions (a lost finding's, whose positions are
// original).
func (r *moduleRun) touches(t *target, p rewrite.Place) bool {
	var spans [][2]token.Pos
	if t.c.Orig != nil {
		spans = append(spans, [2]token.Pos{t.c.Orig.Pos(), t.c.Orig.End()})
	}
	if t.lost {
		for _, rel := range t.c.Related {
			if s, ok := r.span(rel); ok {
				spans = append(spans, s)
			}
		}
	}
	for _, s := range spans {
		if p.Pos < s[1] && s[0] < p.End {
			return true
		}
	}
	return false
}

// span returns the original positions of a related span.
func (r *moduleRun) span(s finding.Span) ([2]token.Pos, bool) {
	f := r.m.FileRel(s.Pos.File)
	if f == nil {
		return [2]token.Pos{}, false
	}
	tf := r.m.Fset.File(f.Syntax.Pos())
	pos, end := posIn(tf, s.Pos), posIn(tf, s.End)
	return [2]token.Pos{pos, end}, pos.IsValid() && end.IsValid()
}

func posIn(tf *token.File, p finding.Position) token.Pos {
	if p.Line < 1 || p.Line > tf.LineCount() {
		return token.NoPos
	}
	off := tf.Offset(tf.LineStart(p.Line)) + p.Col - 1
	if off < 0 || off > tf.Size() {
		return token.NoPos
	}
	return tf.Pos(off)
}

// sameDecl reports whether p is in the top-level declaration of t's
// anchor.
func (r *moduleRun) sameDecl(t *target, p rewrite.Place) bool {
	d := r.declAt(t.c.Orig)
	return d != nil && r.declAt(placeNode(p)) == d
}

// declAt returns the top-level declaration of the original node n, or nil.
func (r *moduleRun) declAt(n ast.Node) ast.Decl {
	if n == nil {
		return nil
	}
	f := r.m.FileAt(n.Pos())
	if f == nil {
		return nil
	}
	for _, d := range f.Syntax.Decls {
		if d.Pos() <= n.Pos() && n.Pos() < d.End() {
			return d
		}
	}
	return nil
}

// placeNode returns a node standing for the position of a place.
func placeNode(p rewrite.Place) ast.Node {
	return &ast.Ident{NamePos: p.Pos}
}

// candidates returns the places of idx in the package of the file rel or
// in a package of the module it imports, directly or not.
func (r *moduleRun) candidates(places []rewrite.Place, idx []int, rel string) []int {
	deps := r.moduleDeps(path.Dir(rel))
	var c []int
	for _, i := range idx {
		if deps[path.Dir(r.placeFile(places[i]))] {
			c = append(c, i)
		}
	}
	if len(c) == 0 {
		return idx
	}
	return c
}

// moduleDeps returns the directory dir and those of the module's packages
// that its package imports, directly or not.
func (r *moduleRun) moduleDeps(dir string) map[string]bool {
	deps := map[string]bool{dir: true}
	pkg := r.pkgInDir(dir)
	if pkg == nil {
		return deps
	}
	seen := map[string]bool{}
	var visit func(p *workspace.Package)
	visit = func(p *workspace.Package) {
		if seen[p.Path] {
			return
		}
		seen[p.Path] = true
		if d := dirOf(p); d != "" {
			deps[d] = true
		}
		for _, imp := range p.Types.Imports() {
			if q := r.m.Package(imp.Path()); q != nil {
				visit(q)
			}
		}
	}
	visit(pkg)
	return deps
}

func (r *moduleRun) pkgInDir(dir string) *workspace.Package {
	for _, p := range r.m.Packages {
		if dirOf(p) == dir {
			return p
		}
	}
	return nil
}

// dirOf returns the relative directory of a package's files.
func dirOf(p *workspace.Package) string {
	for _, files := range [][]*workspace.File{p.Files, p.Tests, p.XTests} {
		if len(files) > 0 {
			return path.Dir(files[0].Rel)
		}
	}
	return ""
}

// halve narrows every target's candidates down to one place, all
// targets in the same runs: each run applies the first half of every
// target's candidates, and a target keeps the half that reproduces it
// (the second when the first does not). A last run applies the places
// found, to confirm them: a target they do not reproduce is caused by
// its candidates together.
func (r *moduleRun) halve(places []rewrite.Place, ts []*target, budget *int) {
	orig := map[*target][]int{}
	for _, t := range ts {
		orig[t] = t.candidates
	}
	for *budget > 0 {
		var active []*target
		var union []int
		for _, t := range ts {
			if len(t.candidates) > 1 {
				active = append(active, t)
				union = append(union, t.candidates[:len(t.candidates)/2]...)
			}
		}
		if len(active) == 0 {
			break
		}
		yes, no := r.reproduce(places, compact(union), active, budget)
		for _, t := range yes {
			t.candidates = t.candidates[:len(t.candidates)/2]
			t.verified = len(t.candidates) == 1 && len(active) == 1
		}
		for _, t := range no {
			t.candidates = t.candidates[len(t.candidates)/2:]
			t.verified = false
		}
	}
	r.confirm(places, ts, orig, budget)
}

// confirm checks the places that halve found, in one run, and describes
// each target's cause.
func (r *moduleRun) confirm(places []rewrite.Place, ts []*target, orig map[*target][]int, budget *int) {
	var found []int
	var single []*target
	for _, t := range ts {
		if len(t.candidates) == 1 {
			if t.verified {
				t.c.cause = r.describe(places, t.candidates)
				continue
			}
			found = append(found, t.candidates[0])
			single = append(single, t)
		} else {
			t.c.cause = fmt.Sprintf("one of %d places (not narrowed down: -bisect limit): %s",
				len(t.candidates), r.describe(places, t.candidates))
		}
	}
	confirmed := map[*target]bool{}
	if len(single) > 0 && *budget > 0 {
		yes, _ := r.reproduce(places, compact(found), single, budget)
		for _, t := range yes {
			confirmed[t] = true
		}
	}
	for _, t := range single {
		switch {
		case confirmed[t] || len(orig[t]) == 1:
			t.c.cause = r.describe(places, t.candidates)
		case *budget <= 0:
			t.c.cause = "probably " + r.describe(places, t.candidates) + " (not confirmed: -bisect limit)"
		default:
			t.c.cause = "only several places together: " + r.describe(places, orig[t])
		}
	}
}

func compact(idx []int) []int {
	idx = slices.Clone(idx)
	sort.Ints(idx)
	return slices.Compact(idx)
}

// reproduce runs the analyzer on the packages of the targets with only
// the places sub applied, and splits the targets into those it lost (or
// added) again and the others.
func (r *moduleRun) reproduce(places []rewrite.Place, sub []int, ts []*target, budget *int) (yes, no []*target) {
	*budget--
	out, err := r.output(places, sub)
	if err == nil {
		err = r.v.Write(out)
	}
	var dirs []string
	for _, t := range ts {
		dirs = append(dirs, path.Dir(t.c.Pos.File))
	}
	var got []match.Anchored
	if err == nil {
		res, aerr := r.v.Analyze(variant.Patterns(dirs)...)
		if aerr != nil {
			err = aerr
		} else {
			got = r.matcher.Rewritten(res.Findings, out)
		}
	}
	for _, t := range ts {
		if err == nil && r.reproduced(t, got) {
			yes = append(yes, t)
		} else {
			no = append(no, t)
		}
	}
	return yes, no
}

// reproduced reports whether got (the findings of a run on some
// packages) loses or adds t again.
func (r *moduleRun) reproduced(t *target, got []match.Anchored) bool {
	if t.lost {
		return len(match.Compare([]match.Anchored{t.c.Anchored}, got).Kept) == 0
	}
	if t.c.Orig == nil {
		return false
	}
	same := func(list []match.Anchored) int {
		n := 0
		for _, g := range list {
			if g.Analyzer == t.c.Analyzer && g.Category == t.c.Category && g.Orig == t.c.Orig {
				n++
			}
		}
		return n
	}
	return same(got) > same(r.base)
}

// describe names places: what each does and where.
func (r *moduleRun) describe(places []rewrite.Place, idx []int) string {
	var parts []string
	for _, i := range idx {
		parts = append(parts, places[i].What+" at "+r.where(places[i]))
	}
	sort.Strings(parts)
	if len(parts) > 3 {
		parts = append(parts[:3], fmt.Sprintf("and %d more", len(parts)-3))
	}
	return strings.Join(parts, "; ")
}
