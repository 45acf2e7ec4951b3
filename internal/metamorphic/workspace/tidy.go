package workspace

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
)

// tidy removes the blank lines that an edit leaves at the start or the
// end of a block: the printer keeps a block's braces on their old lines,
// so a block whose statements moved out or got shorter would print with
// a gap. Only gaps of white space go; a gap with a comment stays.
func tidy(src []byte) []byte {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return src
	}
	tf := fset.File(f.Pos())
	type gap struct{ start, end int }
	var gaps []gap
	ast.Inspect(f, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || len(b.List) == 0 {
			return true
		}
		gaps = append(gaps,
			gap{tf.Offset(b.Lbrace) + 1, tf.Offset(b.List[0].Pos())},
			gap{tf.Offset(b.List[len(b.List)-1].End()), tf.Offset(b.Rbrace)})
		return true
	})
	sort.Slice(gaps, func(i, j int) bool { return gaps[i].start > gaps[j].start })
	out := append([]byte(nil), src...)
	for _, g := range gaps {
		text := out[g.start:g.end]
		if bytes.Count(text, []byte("\n")) < 2 || len(bytes.TrimSpace(text)) > 0 {
			continue
		}
		last := bytes.LastIndexByte(text, '\n')
		kept := append([]byte{'\n'}, text[last+1:]...)
		out = append(out[:g.start], append(kept, out[g.end:]...)...)
	}
	if tidied, err := format.Source(out); err == nil {
		return tidied
	}
	return src
}
