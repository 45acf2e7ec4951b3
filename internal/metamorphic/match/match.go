package match

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
	"github.com/leasevet/leasevet/internal/metamorphic/output"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Anchored is a finding with its anchor.
type Anchored struct {
	finding.Finding
	Orig    ast.Node        // the original node the anchor is; nil for a node a rewrite created
	Alias   workspace.Stand // for a created anchor: the original nodes it stands for
	Owner   int             // for a created anchor: the change that created it; -1 otherwise
	Comment string          // for an anchor in a comment: its key
	New     bool            // the anchor is a node a rewrite created
}

// Matcher anchors findings in a module and in rewritten copies of it.
type Matcher struct {
	m         *workspace.Module
	isCommand func(info *types.Info, call *ast.CallExpr) bool
}

// New returns a Matcher for m; isCommand tells the command calls of m's
// original trees.
func New(m *workspace.Module, isCommand func(*types.Info, *ast.CallExpr) bool) *Matcher {
	return &Matcher{m: m, isCommand: isCommand}
}

// Original anchors the findings of a run on the module as it is.
func (mt *Matcher) Original(fs []finding.Finding) []Anchored {
	var out []Anchored
	for _, f := range fs {
		out = append(out, mt.original(f))
	}
	return out
}

func (mt *Matcher) original(f finding.Finding) Anchored {
	a := Anchored{Finding: f, Owner: -1}
	file := mt.m.FileRel(f.Pos.File)
	if file == nil {
		return a
	}
	tf := mt.m.Fset.File(file.Syntax.Pos())
	pos, end := locate(tf, f.Pos), locate(tf, f.End)
	if !pos.IsValid() {
		return a
	}
	n := anchorIn(file.Syntax, pos, end, func(c *ast.CallExpr) bool { return mt.isCommand(file.Info, c) })
	if c, ok := n.(*ast.Comment); ok {
		a.Comment = commentKey(file.Rel, c)
		return a
	}
	a.Orig = n
	return a
}

// Rewritten anchors the findings of a run on the module with out written
// into it: in a file out printed, the anchor is found in the printed tree
// and traced back; in any other file, in the original tree.
func (mt *Matcher) Rewritten(fs []finding.Finding, out *output.Output) []Anchored {
	var res []Anchored
	for _, f := range fs {
		p, ok := out.Go[f.Pos.File]
		if !ok {
			res = append(res, mt.original(f))
			continue
		}
		res = append(res, mt.printed(f, p, out.Fset))
	}
	return res
}

func (mt *Matcher) printed(f finding.Finding, p *output.Printed, fset *token.FileSet) Anchored {
	a := Anchored{Finding: f, Owner: -1}
	tf := fset.File(p.Syntax.Pos())
	pos, end := locate(tf, f.Pos), locate(tf, f.End)
	if !pos.IsValid() {
		return a
	}
	n := anchorIn(p.Syntax, pos, end, func(c *ast.CallExpr) bool {
		orig, ok := p.Origin[c].(*ast.CallExpr)
		if !ok {
			return false
		}
		file := mt.m.FileAt(orig.Pos())
		return file != nil && mt.isCommand(file.Info, orig)
	})
	if c, ok := n.(*ast.Comment); ok {
		a.Comment = commentKey(p.Rel, c)
		return a
	}
	if orig, ok := p.Origin[n]; ok {
		a.Orig = orig
		return a
	}
	a.New = true
	a.Alias = p.Alias[n]
	if owner, ok := p.Owner[n]; ok {
		a.Owner = owner
	}
	return a
}

// Result pairs the findings of two runs.
type Result struct {
	Kept  []Anchored // original findings found again at their anchor
	Lost  []Anchored // original findings not found again
	Added []Anchored // findings of the rewritten module that are no original's
}

// key is what two findings must share to be the same.
type key struct {
	analyzer, category string
	node               ast.Node
	comment            string
}

func keyOf(a Anchored, node ast.Node) key {
	return key{a.Analyzer, a.Category, node, a.Comment}
}

// Compare pairs each original finding with a rewritten one of the same
// analyzer and category at the same anchor (or at a created node that
// stands for it). A finding with no anchor is compared by its position.
func Compare(base, rewritten []Anchored) Result {
	pending := map[key][]int{} // the original findings not yet paired, by key
	for i, a := range base {
		pending[baseKey(a)] = append(pending[baseKey(a)], i)
	}
	kept := make([]bool, len(base))
	var res Result
	for _, r := range rewritten {
		taken := take(pending, r)
		if len(taken) == 0 {
			res.Added = append(res.Added, r)
			continue
		}
		for _, i := range taken {
			kept[i] = true
		}
	}
	for i, a := range base {
		if kept[i] {
			res.Kept = append(res.Kept, a)
		} else {
			res.Lost = append(res.Lost, a)
		}
	}
	return res
}

// baseKey keys an original finding; one that has neither a node nor a
// comment is keyed by its position, which only an untouched file keeps.
func baseKey(a Anchored) key {
	if a.New {
		return key{a.Analyzer, a.Category, nil, "new at " + a.Pos.String()}
	}
	if a.Orig == nil && a.Comment == "" {
		return key{a.Analyzer, a.Category, nil, "at " + a.Pos.String()}
	}
	return keyOf(a, a.Orig)
}

// take pairs r with a pending original finding and returns its index.
// A finding at a created node that stands for several original commands
// (a forwarding method, a helper's command) pairs with one original of
// its category at each: the rules report a helper's command once, at the
// command, for all the calls that prove it, where the original code had
// one finding at each call.
func take(pending map[key][]int, r Anchored) []int {
	if list := pending[baseKey(r)]; len(list) > 0 {
		pending[baseKey(r)] = list[1:]
		return list[:1]
	}
	if !r.New || !r.Alias.For(r.Category) {
		return nil
	}
	var taken []int
	for _, n := range r.Alias.Orig {
		k, ok := pendingWithin(pending, keyOf(r, n))
		if !ok {
			continue
		}
		list := pending[k]
		pending[k] = list[1:]
		taken = append(taken, list[0])
	}
	return taken
}

// pendingWithin returns the key of a pending original finding of k's
// analyzer and category anchored at k's node or at a node inside it: a
// command that a builder chain makes is reported at the chain, an
// argument of the call that sends it (c.Do(ctx, c.B().Set()...Build())),
// and a created call standing for the sending call stands for it too.
func pendingWithin(pending map[key][]int, k key) (key, bool) {
	if len(pending[k]) > 0 {
		return k, true
	}
	if k.node == nil {
		return key{}, false
	}
	var found key
	for p, list := range pending {
		if len(list) > 0 && p.node != nil && p.analyzer == k.analyzer && p.category == k.category &&
			k.node.Pos() <= p.node.Pos() && p.node.End() <= k.node.End() &&
			(found.node == nil || p.node.Pos() < found.node.Pos()) {
			found = p // the first in the source, whatever the map's order
		}
	}
	return found, found.node != nil
}

// Went returns where the original node n is in the rewritten module: a
// position in a printed file, or its own in an untouched one.
func (mt *Matcher) Went(out *output.Output, n ast.Node) string {
	if n == nil {
		return "?"
	}
	for rel, p := range out.Go {
		for printed, orig := range p.Origin {
			if orig == n {
				pos := out.Fset.Position(printed.Pos())
				return fmt.Sprintf("%s:%d", rel, pos.Line)
			}
		}
	}
	if f := mt.m.FileAt(n.Pos()); f != nil {
		if _, printed := out.Go[f.Rel]; printed {
			return "removed"
		}
		return fmt.Sprintf("%s:%d (unchanged)", f.Rel, mt.m.Position(n.Pos()).Line)
	}
	return "?"
}
