package editortest

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// repoRoot is leasevet's module root, four levels up from this package.
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// fixtureCopy copies testdata/editor to a temporary directory, pointing its
// replace of safelock (which the quick fixes import) at the checkout again.
func fixtureCopy(t *testing.T) string {
	t.Helper()
	root := repoRoot(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(root, "testdata", "editor"))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "mod", "edit", "-replace=github.com/leasevet/leasevet/safelock="+filepath.Join(root, "safelock"))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod edit: %v\n%s", err, out)
	}
	return dir
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func fileURI(name string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(name)}).String()
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
