package labelled

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestMessageStrip_roundTrip(t *testing.T) {
	for _, c := range []struct{ msg, cat, want string }{
		{"Del releases lock key l.key", "bare-del", "Del releases lock key l.key [bare-del]"},
		{"no category", "", "no category"},
		{"ends in [x]", "bare-del", "ends in [x] [bare-del]"},
	} {
		got := Message(c.msg, c.cat)
		if got != c.want {
			t.Errorf("Message(%q, %q) = %q, want %q", c.msg, c.cat, got, c.want)
		}
		if back := Strip(got, c.cat); back != c.msg {
			t.Errorf("Strip(%q, %q) = %q, want %q", got, c.cat, back, c.msg)
		}
	}
	if got := Strip("ends in [other]", "bare-del"); got != "ends in [other]" {
		t.Errorf("Strip removed a bracket that is not the category: %q", got)
	}
}

// TestAnalyzers_labelsAndLeavesOriginal: the copy labels what the analyzer
// reports, through Report and Reportf alike, and the original stays as it
// was.
func TestAnalyzers_labelsAndLeavesOriginal(t *testing.T) {
	orig := &analysis.Analyzer{
		Name: "two",
		Doc:  "two: reports twice",
		Run: func(pass *analysis.Pass) (any, error) {
			pass.Report(analysis.Diagnostic{Message: "first", Category: "cat-a"})
			pass.Reportf(0, "second")
			return nil, nil
		},
	}
	var got []string
	pass := &analysis.Pass{Files: []*ast.File{}, Report: func(d analysis.Diagnostic) { got = append(got, d.Message) }}
	a := Analyzers([]*analysis.Analyzer{orig})[0]
	if _, err := a.Run(pass); err != nil {
		t.Fatal(err)
	}
	if _, err := orig.Run(pass); err != nil {
		t.Fatal(err)
	}
	want := []string{"first [cat-a]", "second", "first", "second"}
	if len(got) != len(want) {
		t.Fatalf("messages %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("messages %q, want %q", got, want)
			break
		}
	}
}
