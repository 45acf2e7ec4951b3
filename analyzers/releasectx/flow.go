package releasectx

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"golang.org/x/tools/go/cfg"
)

// A flow is the done-context dataflow of one function body: a forward
// must-analysis on its control-flow graph whose facts are the contexts
// shown done (see state). A context, once done, stays done, so facts are
// only lost where the code assigns what they are about.
type flow struct {
	info      *types.Info
	pkg       *types.Package
	g         *cfg.CFG
	preds     map[*cfg.Block][]*cfg.Block
	comms     map[ast.Node]bool            // a select's comm statements, which go/cfg lists before the select
	cases     map[ast.Expr]*ast.SwitchStmt // the case values of tagged switches
	untracked map[*types.Var]bool          // roots never followed (address taken, assigned by a closure)
	in        map[*cfg.Block]*state        // the solution: what holds at each block's entry
}

func newFlow(info *types.Info, pkg *types.Package, body *ast.BlockStmt, untracked map[*types.Var]bool) *flow {
	f := &flow{info: info, pkg: pkg, g: cfg.New(body, mayReturn(info)), untracked: untracked,
		preds: map[*cfg.Block][]*cfg.Block{}, comms: map[ast.Node]bool{}, cases: map[ast.Expr]*ast.SwitchStmt{}}
	for _, b := range f.g.Blocks {
		for _, s := range b.Succs {
			f.preds[s] = append(f.preds[s], b)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if n.Comm != nil {
				f.comms[n.Comm] = true
			}
		case *ast.SwitchStmt:
			f.noteCases(n)
		}
		return true
	})
	return f
}

func (f *flow) noteCases(sw *ast.SwitchStmt) {
	if sw.Tag == nil {
		return
	}
	for _, c := range sw.Body.List {
		for _, e := range c.(*ast.CaseClause).List {
			f.cases[e] = sw
		}
	}
}

// solve computes what holds at each block reached from the entry, the
// entry holding entry.
func (f *flow) solve(entry *state) {
	f.in = f.propagate(f.g.Blocks[0], 0, entry, nil)
}

// propagate runs the must-analysis from node i of block start, where st
// holds, over the blocks reached from there (all of them when within is
// nil, else only those within allows). It returns what holds at the
// entry of each block reached; start maps to st.
func (f *flow) propagate(start *cfg.Block, i int, st *state, within func(*cfg.Block) bool) map[*cfg.Block]*state {
	in := map[*cfg.Block]*state{start: st}
	work := []*cfg.Block{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		var out *state
		if b == start {
			out = f.through(b, i, st.clone())
		} else {
			out = f.through(b, 0, f.enter(b, in[b]))
		}
		for j, s := range b.Succs {
			if s == start || (within != nil && !within(s)) {
				continue
			}
			next := meet(in[s], f.edge(b, out, j))
			if _, seen := in[s]; !seen || !equal(next, in[s]) {
				in[s] = next
				work = append(work, s)
			}
		}
	}
	return in
}

// through applies the nodes of b from the i-th on to st.
func (f *flow) through(b *cfg.Block, i int, st *state) *state {
	for _, n := range b.Nodes[i:] {
		f.transfer(st, n)
	}
	return st
}

// enter returns what holds inside b once entered, in holding before:
// the body of `case <-ctx.Done():` knows ctx done; a range body's key
// and value are assigned.
func (f *flow) enter(b *cfg.Block, in *state) *state {
	st := in.clone()
	switch b.Kind {
	case cfg.KindSelectCaseBody:
		cc := b.Stmt.(*ast.CommClause)
		if k, ok := f.receivesDone(cc.Comm, st); ok {
			st.gen(k, evidence{pos: cc.Pos(), text: "case " + types.ExprString(recvExpr(cc.Comm))})
		}
	case cfg.KindRangeBody:
		rs := b.Stmt.(*ast.RangeStmt)
		for _, e := range []ast.Expr{rs.Key, rs.Value} {
			f.assignTo(st, e)
		}
	}
	return st
}

// edge returns what holds along the j-th successor of b, out holding at
// its end: a condition that shows a context done adds it on that edge.
func (f *flow) edge(b *cfg.Block, out *state, j int) *state {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return out
	}
	cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	if !ok {
		return out
	}
	k, ev, onTrue, ok := f.condition(cond, out)
	if !ok || onTrue != (j == 0) {
		return out
	}
	st := out.clone()
	st.gen(k, ev)
	return st
}

// eachAt calls visit with every node of the blocks reached, in block
// order, and what holds before it.
func (f *flow) eachAt(visit func(b *cfg.Block, i int, before *state)) {
	for _, b := range f.g.Blocks {
		in, ok := f.in[b]
		if !ok {
			continue
		}
		st := f.entered(b, in)
		for i, n := range b.Nodes {
			visit(b, i, st)
			f.transfer(st, n)
		}
	}
}

// entered returns a copy of what holds inside b, in holding at its entry.
func (f *flow) entered(b *cfg.Block, in *state) *state {
	if b == f.g.Blocks[0] {
		return in.clone()
	}
	return f.enter(b, in)
}

// mayReturn is go/cfg's oracle for calls that end the block: panic, and
// the functions that end the goroutine or the process (os.Exit,
// runtime.Goexit, log.Fatal, ...).
func mayReturn(info *types.Info) func(*ast.CallExpr) bool {
	return func(call *ast.CallExpr) bool {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
				return false
			}
		}
		fn := calleeFunc(info, call)
		return fn == nil || !analysisutil.IsExitFunc(analysisutil.FuncName(fn))
	}
}
