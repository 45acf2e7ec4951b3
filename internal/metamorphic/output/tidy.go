package output

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
)

// tidy mends the layout that an edit leaves and gofmt keeps: it removes
// the blank lines at the start or end of a block (the printer keeps a
// block's braces on their old lines, so a block whose statements moved
// out or got shorter would print with a gap; a gap with a comment stays)
// and puts a blank line between a function and the declaration before it.
func tidy(src []byte) []byte {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return src
	}
	tf := fset.File(f.Pos())
	edits := blockGaps(tf, f, src)
	for i := 1; i < len(f.Decls); i++ {
		prev, next := f.Decls[i-1], f.Decls[i]
		fd, ok := next.(*ast.FuncDecl)
		if ok && fd.Doc == nil && tf.Line(next.Pos()) == tf.Line(prev.End())+1 {
			at := tf.Offset(prev.End())
			edits = append(edits, textEdit{at, at, []byte("\n")})
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := append([]byte(nil), src...)
	for _, e := range edits {
		out = append(out[:e.start], append(append([]byte(nil), e.text...), out[e.end:]...)...)
	}
	if tidied, err := format.Source(out); err == nil {
		return tidied
	}
	return src
}

type textEdit struct {
	start, end int
	text       []byte
}

// blockGaps returns the edits that close the blank gaps at the start and
// end of the blocks of f.
func blockGaps(tf *token.File, f *ast.File, src []byte) []textEdit {
	var edits []textEdit
	ast.Inspect(f, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || len(b.List) == 0 {
			return true
		}
		for _, g := range [][2]int{
			{tf.Offset(b.Lbrace) + 1, tf.Offset(b.List[0].Pos())},
			{tf.Offset(b.List[len(b.List)-1].End()), tf.Offset(b.Rbrace)},
		} {
			text := src[g[0]:g[1]]
			if bytes.Count(text, []byte("\n")) < 2 || len(bytes.TrimSpace(text)) > 0 {
				continue
			}
			last := bytes.LastIndexByte(text, '\n')
			edits = append(edits, textEdit{g[0], g[1], append([]byte{'\n'}, text[last+1:]...)})
		}
		return true
	})
	return edits
}
