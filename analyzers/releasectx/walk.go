package releasectx

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/cfg"
)

// A walker runs the dataflow over one declared function and the
// function literals in it, and hands every call to visit with what holds
// when the call is sent.
type walker struct {
	info  *types.Info
	pkg   *types.Package
	decl  *ast.BlockStmt
	visit func(call *ast.CallExpr, at point)
}

// A point is where a call is sent: what holds there, in the flow that
// knows which contexts it follows.
type point struct {
	f   *flow
	st  *state
	how sendTime
}

// done returns what shows the context expression e done at p.
func (p point) done(e ast.Expr) (evidence, bool) { return p.f.doneArg(e, p.st) }

// sendTime says when a judged call runs.
type sendTime int

const (
	now      sendTime = iota // where it is written
	atReturn                 // a deferred call: when the function returns
)

func newWalker(info *types.Info, pkg *types.Package, body *ast.BlockStmt, visit func(*ast.CallExpr, point)) *walker {
	return &walker{info: info, pkg: pkg, decl: body, visit: visit}
}

// run walks the declared function.
func (w *walker) run() {
	w.walk(w.decl, newState(), untrackedVars(w.info, w.decl))
}

// walk analyses body, a function's, entry holding at its start, not
// following the variables of untracked.
func (w *walker) walk(body *ast.BlockStmt, entry *state, untracked map[*types.Var]bool) {
	f := newFlow(w.info, w.pkg, body, untracked)
	f.solve(entry)
	f.eachAt(func(b *cfg.Block, i int, st *state) {
		n := b.Nodes[i]
		var skip *ast.CallExpr
		if d, ok := n.(*ast.DeferStmt); ok {
			skip = d.Call
			w.deferred(f, b, i, d, untracked)
		}
		inspectCalls(n, func(call *ast.CallExpr) {
			if call != skip {
				w.visit(call, point{f, st, now})
			}
		})
		w.literals(n, skip, untracked)
	})
}

// literals walks the function literals of node n: one passed to
// context.AfterFunc(ctx, f) starts with ctx done; the others
// (goroutines, callbacks) with nothing known. A deferred literal (the
// function of skip) is walked by deferred.
func (w *walker) literals(n ast.Node, skip *ast.CallExpr, untracked map[*types.Var]bool) {
	ast.Inspect(n, func(c ast.Node) bool {
		switch c := c.(type) {
		case *ast.FuncLit:
			w.walkLiteral(c, newState(), untracked)
			return false
		case *ast.CallExpr:
			if _, isLit := ast.Unparen(c.Fun).(*ast.FuncLit); isLit && c == skip {
				for _, a := range c.Args {
					w.literals(a, nil, untracked)
				}
				return false
			}
			if lit, entry, ok := w.afterFunc(c, untracked); ok {
				w.walkLiteral(lit, entry, untracked)
				w.literals(c.Args[0], nil, untracked)
				return false
			}
		}
		return true
	})
}

// afterFunc returns the literal of context.AfterFunc(ctx, func() {...})
// and what holds when it runs: ctx is done.
func (w *walker) afterFunc(call *ast.CallExpr, untracked map[*types.Var]bool) (*ast.FuncLit, *state, bool) {
	if !isFunc(calleeFunc(w.info, call), "context", "AfterFunc") || len(call.Args) != 2 {
		return nil, nil, false
	}
	lit, ok := ast.Unparen(call.Args[1]).(*ast.FuncLit)
	if !ok {
		return nil, nil, false
	}
	st := newState()
	if k, ok := keyOf(w.info, call.Args[0]); ok && !untracked[k.root] {
		st.done[k] = evidence{pos: call.Pos(), text: "context.AfterFunc", when: "which is done when context.AfterFunc runs this function"}
	}
	return lit, st, true
}

// walkLiteral walks a literal that runs while its enclosing function
// goes on (a goroutine, a callback): the variables of the enclosing
// function it reads and that may be assigned while it runs (after the
// literal, or in a loop around it) are not followed inside it.
func (w *walker) walkLiteral(lit *ast.FuncLit, entry *state, untracked map[*types.Var]bool) {
	inner := maps.Clone(untracked)
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := w.info.Uses[id].(*types.Var); ok && !inner[v] && w.reassignedAround(v, lit) {
				inner[v] = true
			}
		}
		return true
	})
	st := entry.clone()
	st.forget(func(k ctxKey) bool { return inner[k.root] })
	w.walk(lit.Body, st, inner)
}

// reassignedAround reports whether v, declared outside lit, is assigned
// outside lit after it, or inside a loop that contains lit.
func (w *walker) reassignedAround(v *types.Var, lit *ast.FuncLit) bool {
	if v.Pos() >= lit.Pos() && v.Pos() < lit.End() {
		return false
	}
	var loops []ast.Node
	found := false
	var stack []ast.Node
	ast.Inspect(w.decl, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if n == lit {
			for _, s := range stack {
				if isLoop(s) {
					loops = append(loops, s)
				}
			}
		}
		return true
	})
	eachAssignment(w.info, w.decl, func(at token.Pos, to *types.Var) {
		if to != v || (at >= lit.Pos() && at < lit.End()) {
			return
		}
		if at >= lit.End() {
			found = true
		}
		for _, l := range loops {
			if at >= l.Pos() && at < l.End() {
				found = true
			}
		}
	})
	return found
}

func isLoop(n ast.Node) bool {
	switch n.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return true
	}
	return false
}

// deferred judges the call of the defer statement d, node i of block b:
// it runs at every return reached from d. A deferred literal is walked
// with what holds at all of them; a deferred call's context was
// evaluated at d, so it is judged only when nothing assigns it after d.
func (w *walker) deferred(f *flow, b *cfg.Block, i int, d *ast.DeferStmt, untracked map[*types.Var]bool) {
	exits, reached, ok := f.exitsFrom(b, i)
	if !ok {
		exits = newState() // in a loop, or no return: nothing known at the call
	}
	if lit, isLit := ast.Unparen(d.Call.Fun).(*ast.FuncLit); isLit {
		w.walk(lit.Body, exits.when("which is done when this deferred function runs"), untracked)
		return
	}
	st := exits.when("which is done at every return of this function")
	st.forget(func(k ctxKey) bool { return f.assignsAfter(k, b, i, reached) })
	w.visit(d.Call, point{f, st, atReturn})
}

// exitsFrom returns what holds at every return reached from node i of
// block b (the meet over them), and the blocks reached; false when b is
// in a loop (a defer there runs once per iteration) or no return is
// reached.
func (f *flow) exitsFrom(b *cfg.Block, i int) (*state, []*cfg.Block, bool) {
	st := f.stateAt(b, i)
	if st == nil || inLoop(b) {
		return nil, nil, false
	}
	f.transfer(st, b.Nodes[i])
	in := f.propagate(b, i+1, st, nil)
	var exits *state
	var reached []*cfg.Block
	for r, rin := range in {
		reached = append(reached, r)
		if !isExit(r) {
			continue
		}
		var out *state
		if r == b {
			out = f.through(b, i+1, rin.clone())
		} else {
			out = f.through(r, 0, f.enter(r, rin))
		}
		exits = meet(exits, out)
	}
	return exits, reached, exits != nil
}

// stateAt returns what holds before node i of block b, or nil when b is
// not reached.
func (f *flow) stateAt(b *cfg.Block, i int) *state {
	in, ok := f.in[b]
	if !ok {
		return nil
	}
	st := f.entered(b, in)
	for _, n := range b.Nodes[:i] {
		f.transfer(st, n)
	}
	return st
}

// assignsAfter reports whether something after node i of block b, in
// the blocks reached from there, assigns what k is about.
func (f *flow) assignsAfter(k ctxKey, b *cfg.Block, i int, reached []*cfg.Block) bool {
	const sentinel = "\x00assigned?"
	probe := func(blk *cfg.Block, nodes []ast.Node, enter bool) bool {
		st := newState()
		st.done[k] = evidence{text: sentinel}
		if enter {
			st = f.enter(blk, st)
		}
		for _, n := range nodes {
			f.transfer(st, n)
			if st.done[k].text != sentinel {
				return true
			}
		}
		return false
	}
	if probe(b, b.Nodes[i+1:], false) {
		return true
	}
	for _, r := range reached {
		if r != b && probe(r, r.Nodes, true) {
			return true
		}
	}
	return false
}

// inLoop reports whether b can be reached again from itself.
func inLoop(b *cfg.Block) bool {
	seen := map[*cfg.Block]bool{}
	work := append([]*cfg.Block(nil), b.Succs...)
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		if c == b {
			return true
		}
		if !seen[c] {
			seen[c] = true
			work = append(work, c.Succs...)
		}
	}
	return false
}

// isExit reports whether b leaves the function: it ends in a return (go/cfg
// materializes the implicit one) or in a call that does not return
// (panic runs the deferred calls; os.Exit does not, which only makes the
// analysis more silent). A select without a default case leaves an
// empty block with no successor after its last case: not an exit.
func isExit(b *cfg.Block) bool {
	if len(b.Succs) > 0 || len(b.Nodes) == 0 {
		return false
	}
	switch b.Nodes[len(b.Nodes)-1].(type) {
	case *ast.ReturnStmt, *ast.ExprStmt:
		return true
	}
	return false
}
