package textdiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnified_patchRoundTrip checks each diff by applying it with patch(1)
// and comparing the result with the expected new text, so the test does not
// depend on which of several valid diffs is produced.
func TestUnified_patchRoundTrip(t *testing.T) {
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("patch(1) not installed")
	}
	many := func(prefix string, n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(prefix + strings.Repeat("x", i%7) + "\n")
		}
		return b.String()
	}
	base := many("line", 40)
	cases := map[string][2]string{
		"one line changed":   {base, strings.Replace(base, "linexxx\n", "changed\n", 1)},
		"line deleted":       {base, strings.Replace(base, "linexx\n", "", 1)},
		"line inserted":      {base, strings.Replace(base, "linexxxxxx\n", "linexxxxxx\nnew\n", 1)},
		"two distant hunks":  {base, "first\n" + base + "last\n"},
		"no final newline":   {"a\nb\nc", "a\nB\nc"},
		"add final newline":  {"a\nb", "a\nb\n"},
		"from empty":         {"", "a\nb\n"},
		"to empty":           {"a\nb\n", ""},
		"everything changed": {many("p", 10), many("q", 12)},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			checkPatch(t, c[0], c[1])
		})
	}
}

func checkPatch(t *testing.T, before, after string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	d := Unified("a/f.txt", "b/f.txt", before, after)
	cmd := exec.Command("patch", "-s", "-p1", "-d", dir)
	cmd.Stdin = strings.NewReader(d)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch failed: %v\n%s\ndiff:\n%s", err, out, d)
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != after {
		t.Errorf("patched text = %q, want %q\ndiff:\n%s", got, after, d)
	}
}

func TestUnified_equal(t *testing.T) {
	if d := Unified("a", "b", "same\n", "same\n"); d != "" {
		t.Errorf("Unified of equal texts = %q, want empty", d)
	}
}

func TestUnified_contextIsBounded(t *testing.T) {
	var b strings.Builder
	for i := range 100 {
		b.WriteString(strings.Repeat("l", i+1) + "\n")
	}
	before := b.String()
	after := strings.Replace(before, strings.Repeat("l", 50)+"\n", "X\n", 1)
	d := Unified("a", "b", before, after)
	// One changed line plus at most contextLines each side, plus 3 header lines.
	if n := strings.Count(d, "\n"); n != 3+1+1+2*contextLines {
		t.Errorf("diff has %d lines, want %d:\n%s", n, 3+1+1+2*contextLines, d)
	}
}
