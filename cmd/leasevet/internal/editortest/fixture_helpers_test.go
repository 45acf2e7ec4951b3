package editortest

import "testing"

// The edit helpers are what the gopls test trusts to apply a quick fix;
// they run in the normal test run.

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

func TestApplyEdits(t *testing.T) {
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
