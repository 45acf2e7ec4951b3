package analysisutil

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"
)

// NodeBlock returns the live block of g and the index of its node that
// holds n (the statement or condition n is part of), or nil when no node
// does (n is inside a function literal, or in dead code).
func NodeBlock(g *cfg.CFG, n ast.Node) (*cfg.Block, int) {
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for i, x := range b.Nodes {
			if x.Pos() <= n.Pos() && n.End() <= x.End() && !inFuncLit(x, n) {
				return b, i
			}
		}
	}
	return nil, 0
}

// inFuncLit reports whether n lies in a function literal inside x, whose
// body is a graph of its own.
func inFuncLit(x, n ast.Node) bool {
	return Find(x, func(c ast.Node) (bool, bool) {
		lit, ok := c.(*ast.FuncLit)
		return ok && lit.Pos() <= n.Pos() && n.End() <= lit.End(), true
	})
}
