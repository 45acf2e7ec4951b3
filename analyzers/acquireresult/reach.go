package acquireresult

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/cfg"
)

// A reach holds the reads of one variable of an acquire's answer (ok,
// err) that still see the acquire's value: on some way on from the
// acquire, before the variable is assigned again. A read after a later
// call has reused the variable (err = other(); if err != nil) is that
// call's, not the acquire's.
type reach struct {
	info  *types.Info
	v     *types.Var
	reads map[*ast.Ident]bool
	whole bool // the graph could not be read: every read of v counts
}

// reachOf follows v from the acquire op (or, for a command held in a
// local, the later read of its reply) through the control-flow graph of
// the function (or function literal) that issues it.
func reachOf(info *types.Info, op *lockmodel.Op, v *types.Var) *reach {
	r := &reach{info: info, v: v, reads: map[*ast.Ident]bool{}}
	body := op.Func.Decl.Body
	for _, n := range op.Stack {
		if lit, ok := n.(*ast.FuncLit); ok {
			body = lit.Body
		}
	}
	g := cfg.New(body, func(*ast.CallExpr) bool { return true })
	from := ast.Node(op.Expr)
	if op.Reply.Held != nil { // cmd := SetNX(...); ...; ok, err := cmd.Result(): the answer is the read's
		from = op.Reply.Reply
	}
	b, i := analysisutil.NodeBlock(g, from)
	if b == nil {
		r.whole = true
		return r
	}
	seen := map[*cfg.Block]bool{}
	r.walk(b, b.Nodes[i+1:], seen)
	return r
}

// walk records the reads of v in nodes and in the blocks after b, up to
// an assignment of v on each way; seen bounds it to each block once.
func (r *reach) walk(b *cfg.Block, nodes []ast.Node, seen map[*cfg.Block]bool) {
	for _, n := range nodes {
		if r.scan(n) {
			return
		}
	}
	for _, s := range b.Succs {
		if !seen[s] {
			seen[s] = true
			r.walk(s, s.Nodes, seen)
		}
	}
}

// scan records the reads of v in n and reports whether n assigns v
// anew (its right-hand side is read first, as Go evaluates it).
func (r *reach) scan(n ast.Node) bool {
	targets := map[*ast.Ident]bool{}
	kills := false
	if as, ok := n.(*ast.AssignStmt); ok && (as.Tok == token.ASSIGN || as.Tok == token.DEFINE) {
		for _, l := range as.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && analysisutil.VarOf(r.info, id) == r.v {
				targets[id], kills = true, true
			}
		}
	}
	ast.Inspect(n, func(c ast.Node) bool {
		if id, ok := c.(*ast.Ident); ok && !targets[id] && r.info.Uses[id] == r.v {
			r.reads[id] = true
		}
		return true
	})
	return kills
}

// isRead reports whether e is a read of v that sees the acquire's value.
func (r *reach) isRead(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && r.info.Uses[id] == r.v && (r.whole || r.reads[id])
}
