package sarif

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestUTF16Column_everyRuneStart(t *testing.T) {
	line := []byte("a\"é𝄞\"x")
	// For every rune start, the UTF-16 column is one more than the
	// UTF-16 length of the text before it.
	for i := 0; i <= len(line); {
		want := 1 + len(utf16.Encode([]rune(string(line[:i]))))
		if got := UTF16Column(line, i+1); got != want {
			t.Errorf("UTF16Column(byte col %d) = %d, want %d", i+1, got, want)
		}
		if i == len(line) {
			break
		}
		_, size := utf8.DecodeRune(line[i:])
		i += size
	}
	if got := UTF16Column(nil, 5); got != 5 {
		t.Errorf("unknown line: column %d, want the byte column 5", got)
	}
}

func TestArtifactFor_insideAndOutsideRoot(t *testing.T) {
	for _, c := range []struct{ root, name, uri, base string }{
		{"/src/m", "/src/m/a/b.go", "a/b.go", SrcRoot},
		{"/src/m", "/src/m/dir with space/x.go", "dir%20with%20space/x.go", SrcRoot},
		{"/src/m", "/src/other/x.go", "file:///src/other/x.go", ""},
		{"", "/x.go", "file:///x.go", ""},
	} {
		got := ArtifactFor(c.root, c.name)
		if got.URI != c.uri || got.URIBaseID != c.base {
			t.Errorf("ArtifactFor(%q, %q) = %+v, want %q base %q", c.root, c.name, got, c.uri, c.base)
		}
	}
	if got := RootBase("/src/m")[SrcRoot].URI; got != "file:///src/m/" {
		t.Errorf("RootBase = %q, want a file URI ending in a slash", got)
	}
}

func TestRelatedLink_escapesBrackets(t *testing.T) {
	if got, want := EscapeText("KEYS[1] is [not] a link"), `KEYS\[1\] is \[not\] a link`; got != want {
		t.Errorf("EscapeText = %q, want %q", got, want)
	}
	if got, want := RelatedLink("value of KEYS[1]", 2), `[value of KEYS\[1\]](2)`; got != want {
		t.Errorf("RelatedLink = %q, want %q", got, want)
	}
}
