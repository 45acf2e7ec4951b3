package editortest

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// applyEdits and offset are what the gopls test trusts to apply a quick
// fix; their own tests below run in the normal test run, where the gopls
// test is skipped.

func TestOffset_utf16(t *testing.T) {
	text := "ab\nx𝄞é=1\n"
	// "𝄞" is two UTF-16 units and four bytes, "é" one unit and two bytes.
	for _, c := range []struct {
		p    position
		want string // the text from the offset on
	}{
		{position{0, 0}, text},
		{position{1, 1}, "𝄞é=1\n"},
		{position{1, 3}, "é=1\n"},
		{position{1, 4}, "=1\n"},
		{position{2, 0}, ""},
	} {
		if got := text[offset(t, text, c.p):]; got != c.want {
			t.Errorf("offset(%+v) leaves %q, want %q", c.p, got, c.want)
		}
	}
}

func TestApplyEdits_unorderedEdits(t *testing.T) {
	text := "one\ntwo\nthree\n"
	we := workspaceEdit{Changes: map[string][]textEdit{"file:///x.go": {
		{Range: lspRange{position{0, 0}, position{0, 3}}, NewText: "1"},
		{Range: lspRange{position{2, 0}, position{3, 0}}, NewText: ""},
		{Range: lspRange{position{1, 3}, position{1, 3}}, NewText: "!"},
	}}}
	if got, want := applyEdits(t, text, we), "1\ntwo!\n"; got != want {
		t.Errorf("applyEdits = %q, want %q", got, want)
	}
}

// applyEdits applies the edits of the one document in we to text. LSP
// positions count UTF-16 code units.
func applyEdits(t *testing.T, text string, we workspaceEdit) string {
	t.Helper()
	var edits []textEdit
	for _, es := range we.Changes {
		edits = append(edits, es...)
	}
	for _, dc := range we.DocumentChanges {
		edits = append(edits, dc.Edits...)
	}
	if len(edits) == 0 {
		t.Fatal("the quick fix has no edits")
	}
	type span struct {
		start, end int
		text       string
	}
	spans := make([]span, len(edits))
	for i, e := range edits {
		spans[i] = span{offset(t, text, e.Range.Start), offset(t, text, e.Range.End), e.NewText}
	}
	// Apply from the end so earlier offsets stay valid.
	slices.SortFunc(spans, func(a, b span) int { return b.start - a.start })
	for _, s := range spans {
		text = text[:s.start] + s.text + text[s.end:]
	}
	return text
}

// offset converts an LSP position to a byte offset in text.
func offset(t *testing.T, text string, p position) int {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	if p.Line > len(lines) {
		t.Fatalf("position %+v beyond the end of the text", p)
	}
	off := 0
	for _, l := range lines[:p.Line] {
		off += len(l)
	}
	if p.Line == len(lines) {
		return off
	}
	line, units := lines[p.Line], 0
	i := 0
	for i < len(line) && units < p.Character {
		r, size := utf8.DecodeRuneInString(line[i:])
		units += len(utf16.Encode([]rune{r}))
		i += size
	}
	return off + i
}
