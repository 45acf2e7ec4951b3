package fixedit

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// CollapseBlanks returns the edits that delete the blank lines which
// edits, deleting whole lines of one file, would leave next to another
// blank line: the lines that stood between two blank lines went. gofmt
// writes no two blank lines in a row, so the fixed file stays formatted.
// An edit that deletes part of a line, or inserts text, leaves its lines
// as they are.
func CollapseBlanks(pass *analysis.Pass, edits []analysis.TextEdit) []analysis.TextEdit {
	if len(edits) == 0 {
		return nil
	}
	tf := pass.Fset.File(edits[0].Pos)
	if tf == nil {
		return nil
	}
	src, ok := sourceText(pass, token.Pos(tf.Base()), token.Pos(tf.Base()+tf.Size()))
	if !ok {
		return nil
	}
	lines := strings.SplitAfter(src, "\n")
	deleted := map[int]bool{} // 1-based line numbers
	for _, e := range edits {
		if len(e.NewText) == 0 && e.Pos < e.End && isLineStart(tf, e.Pos) && isLineStart(tf, e.End) {
			for l := tf.Line(e.Pos); l < lineOf(tf, e.End); l++ {
				deleted[l] = true
			}
		}
	}
	var more []analysis.TextEdit
	prevBlank, gap := false, false // the last line kept was blank; lines went since
	for l := 1; l <= len(lines) && l <= tf.LineCount(); l++ {
		if deleted[l] {
			gap = true
			continue
		}
		blank := strings.TrimSpace(lines[l-1]) == ""
		if blank && prevBlank && gap && l < tf.LineCount() && !touched(tf, edits, l) {
			more = append(more, analysis.TextEdit{Pos: tf.LineStart(l), End: tf.LineStart(l + 1)})
			continue
		}
		prevBlank, gap = blank, false
	}
	return more
}

func isLineStart(tf *token.File, pos token.Pos) bool {
	return pos == token.Pos(tf.Base()+tf.Size()) || tf.LineStart(tf.Line(pos)) == pos
}

// lineOf returns the line pos starts, or one past the last line at the
// end of the file.
func lineOf(tf *token.File, pos token.Pos) int {
	if pos == token.Pos(tf.Base()+tf.Size()) {
		return tf.LineCount() + 1
	}
	return tf.Line(pos)
}

// touched reports whether an edit of edits changes line l.
func touched(tf *token.File, edits []analysis.TextEdit, l int) bool {
	start, end := tf.LineStart(l), tf.LineStart(l+1)
	return slices.ContainsFunc(edits, func(e analysis.TextEdit) bool {
		return e.Pos < end && start < e.End || e.Pos == start && e.End == start
	})
}
