package acquireloop

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/cfg"
)

// A verdict is what one way through a retry loop's body does, from a
// point after the acquire: it comes back to the acquire with nothing that
// waits (spins), it waits, or it leaves the loop.
type verdict int

const (
	leaves verdict = iota
	waitsOn
	spins
)

// A pathFinder walks the control-flow graph of the function around a
// retry loop, from the acquire back to it, to find a way round the loop on
// which nothing waits: a continue past the pause, a pause under a branch
// the caller controls, a break out of a switch that holds it.
type pathFinder struct {
	w      *waitFinder
	loop   *ast.ForStmt
	conds  condJudge
	acq    *cfg.Block
	acqAt  int                    // index in acq.Nodes of the node that holds the acquire
	comms  map[ast.Stmt]bool      // select communications: whether their select waits
	memo   map[*cfg.Block]verdict // blocks judged, and those being judged (waitsOn)
	skipAt ast.Expr               // the branch that skips the pause, once found
	waitAt ast.Node               // a pause some other way round takes
}

// skippedWait returns the branch on which a way round loop from acq back
// to acq skips every pause, and the pause another way takes, or nils when
// every way round waits (or the graph cannot be read).
func skippedWait(w *waitFinder, m *lockmodel.Model, loop *ast.ForStmt, acq *lockmodel.Op) (skip ast.Expr, wait ast.Node) {
	body, sig := enclosingBody(w.info, acq, loop)
	if body == nil || sig == nil {
		return nil, nil
	}
	g := cfg.New(body, func(call *ast.CallExpr) bool { return !(guards{info: w.info}).isExitCall(call) })
	p := &pathFinder{w: w, loop: loop, comms: selectComms(w.info, loop), memo: map[*cfg.Block]verdict{}}
	p.acq, p.acqAt = analysisutil.NodeBlock(g, acq.Expr)
	if p.acq == nil {
		return nil, nil
	}
	p.conds = newCondJudge(w.info, loop, sig, answerVars(w.info, acq))
	if p.through(p.acq, p.acq.Nodes[p.acqAt+1:]) != spins || p.skipAt == nil || p.waitAt == nil {
		return nil, nil // no way round that skips a pause, or no pause at all (judged by loopWaits)
	}
	return p.skipAt, p.waitAt
}

// answerVars returns the error variables the acquire's statement assigns
// (err in ok, err := ...), which differ from one attempt to the next only
// with what Redis answers. The result (ok) is left out: a branch on it
// after the success exit (if ok { return }; if !ok { wait }) has one way
// that is never taken.
func answerVars(info *types.Info, acq *lockmodel.Op) map[*types.Var]bool {
	vars := map[*types.Var]bool{}
	for i := len(acq.Stack) - 1; i >= 0; i-- {
		if as, ok := acq.Stack[i].(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if v := analysisutil.VarOf(info, l); v != nil && analysisutil.IsError(v.Type()) {
					vars[v] = true
				}
			}
			break
		}
	}
	return vars
}

// enclosingBody returns the body and signature of the function (or
// function literal) whose statements hold loop.
func enclosingBody(info *types.Info, acq *lockmodel.Op, loop *ast.ForStmt) (*ast.BlockStmt, *types.Signature) {
	body, sig := acq.Func.Decl.Body, acq.Func.Obj.Signature()
	for _, n := range acq.Stack {
		if n == ast.Node(loop) {
			break
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			body = lit.Body
			sig, _ = info.TypeOf(lit).(*types.Signature)
		}
	}
	return body, sig
}

// visit judges the ways on from the start of block b.
func (p *pathFinder) visit(b *cfg.Block) verdict {
	if b == p.acq {
		return p.nodes(b.Nodes[:p.acqAt+1], spins) // round to the acquire again
	}
	if !p.inLoop(b) {
		return leaves
	}
	if v, ok := p.memo[b]; ok {
		return v
	}
	p.memo[b] = waitsOn // an inner cycle back here: assume it waits
	v := p.through(b, b.Nodes)
	p.memo[b] = v
	return v
}

// through judges the ways on from nodes of b, then b's successors.
func (p *pathFinder) through(b *cfg.Block, nodes []ast.Node) verdict {
	if p.nodes(nodes, leaves) == waitsOn || p.rangesOverChan(b) {
		return waitsOn
	}
	if len(b.Succs) == 0 {
		return leaves
	}
	var cond ast.Expr
	if len(b.Succs) == 2 && len(b.Nodes) > 0 {
		cond, _ = b.Nodes[len(b.Nodes)-1].(ast.Expr)
	}
	decisive := cond != nil && p.conds.decides(cond)
	out := leaves
	for _, s := range b.Succs {
		out = combine(out, p.visit(s), decisive)
	}
	if decisive && out == spins && p.skipAt == nil && p.anyWaits(b.Succs) {
		p.skipAt = cond
	}
	return out
}

// nodes returns waitsOn when one of ns waits, or else.
func (p *pathFinder) nodes(ns []ast.Node, orElse verdict) verdict {
	for _, n := range ns {
		if p.nodeWaits(n) {
			if p.waitAt == nil {
				p.waitAt = n
			}
			return waitsOn
		}
	}
	return orElse
}

// anyWaits reports whether one of the blocks was judged to wait.
func (p *pathFinder) anyWaits(bs []*cfg.Block) bool {
	for _, b := range bs {
		if v, ok := p.memo[b]; ok && v == waitsOn {
			return true
		}
	}
	return false
}

// combine joins the verdicts of two branches. On a branch the caller or
// the acquire's answer decides, one way that spins is enough; on any
// other branch (a counter, a flag of the function's own) a way that waits
// may be the one always taken, so it wins.
func combine(a, b verdict, decisive bool) verdict {
	if decisive {
		return max(a, b)
	}
	if a == waitsOn || b == waitsOn {
		return waitsOn
	}
	return max(a, b)
}

// inLoop reports whether b belongs to the loop (its head, post, body or a
// statement inside it), not to the code after it.
func (p *pathFinder) inLoop(b *cfg.Block) bool {
	if !b.Live || b.Stmt == nil || b.Kind == cfg.KindForDone && b.Stmt == ast.Stmt(p.loop) {
		return false
	}
	return p.loop.Pos() <= b.Stmt.Pos() && b.Stmt.End() <= p.loop.End()
}

// nodeWaits reports whether a node of the graph blocks: a communication
// of a select waits when its select does.
func (p *pathFinder) nodeWaits(n ast.Node) bool {
	if st, ok := n.(ast.Stmt); ok {
		if w, ok := p.comms[st]; ok {
			return w
		}
	}
	return p.w.waits(n, 0)
}

// rangesOverChan reports whether b is the head of a range over a channel,
// which blocks for the next value.
func (p *pathFinder) rangesOverChan(b *cfg.Block) bool {
	r, ok := b.Stmt.(*ast.RangeStmt)
	if !ok || b.Kind != cfg.KindRangeLoop {
		return false
	}
	_, isChan := typeUnder(p.w.info.TypeOf(r.X)).(*types.Chan)
	return isChan
}

// selectComms maps the communication of every select clause in loop to
// whether its select waits (it has no default clause).
func selectComms(info *types.Info, loop *ast.ForStmt) map[ast.Stmt]bool {
	comms := map[ast.Stmt]bool{}
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		s, ok := n.(*ast.SelectStmt)
		if !ok {
			return true
		}
		hasDefault := false
		for _, cl := range s.Body.List {
			hasDefault = hasDefault || cl.(*ast.CommClause).Comm == nil
		}
		for _, cl := range s.Body.List {
			if c := cl.(*ast.CommClause).Comm; c != nil {
				comms[c] = !hasDefault
			}
		}
		return true
	})
	return comms
}
