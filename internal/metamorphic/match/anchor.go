// Package match decides whether a finding survived a rewrite: it finds
// the node each finding is about (its anchor) in the original module and
// in the rewritten one, traces the rewritten anchor back to the original
// node it is, and pairs the findings of both runs by analyzer, category
// and anchor.
//
// A finding's anchor is the command it is reported at: the innermost
// node that spans the reported range, or, when that node lies inside a
// command call (an argument, the method name), the innermost command call
// around it, short of leaving the statement. A finding at a loop or a go
// statement is anchored at that node; a finding inside a comment (a
// malformed suppression directive) at the comment.
//
// It must not know what a rewrite does: only the node maps of the
// printed output (output.Printed) and which original calls are
// commands.
package match

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
)

// locate returns the token position of p in the file tf, or NoPos when p
// lies outside it.
func locate(tf *token.File, p finding.Position) token.Pos {
	if p.Line < 1 || p.Line > tf.LineCount() {
		return token.NoPos
	}
	start := tf.LineStart(p.Line)
	off := tf.Offset(start) + p.Col - 1
	if off < 0 || off > tf.Size() {
		return token.NoPos
	}
	return tf.Pos(off)
}

// anchorIn returns the node of f that a finding spanning [pos, end) is
// about; isCommand tells the command calls of f.
func anchorIn(f *ast.File, pos, end token.Pos, isCommand func(*ast.CallExpr) bool) ast.Node {
	if c := commentAt(f, pos); c != nil {
		return c
	}
	if end < pos {
		end = pos
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, end)
	if len(path) == 0 {
		return nil
	}
	for _, n := range path {
		if call, ok := n.(*ast.CallExpr); ok && isCommand(call) {
			return call
		}
		switch n.(type) {
		case ast.Stmt, ast.Decl, *ast.FuncLit, *ast.File:
			return path[0]
		}
	}
	return path[0]
}

// commentAt returns the comment holding pos, or nil.
func commentAt(f *ast.File, pos token.Pos) *ast.Comment {
	for _, g := range f.Comments {
		if pos < g.Pos() || pos >= g.End() {
			continue
		}
		for _, c := range g.List {
			if pos >= c.Pos() && pos < c.End() {
				return c
			}
		}
	}
	return nil
}

// commentKey identifies a comment across the two runs: rewrites never
// change a comment they do not delete, so its text and file do.
func commentKey(rel string, c *ast.Comment) string {
	return rel + "\x00" + strings.TrimSpace(c.Text)
}
