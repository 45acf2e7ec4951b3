package report

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestAbsoluteLinks_onlyLinksToPages(t *testing.T) {
	const base = "https://example.com/docs/checks/"
	page := "see [get-del](get-del.md), [the index](README.md#clients), [Go](https://go.dev/x.md), " +
		"[up](../README.md), `m[k](v)` and [a](weird name.md)"
	want := "see [get-del](" + base + "get-del.md), [the index](" + base + "README.md#clients), [Go](https://go.dev/x.md), " +
		"[up](../README.md), `m[k](v)` and [a](weird name.md)"
	if got := absoluteLinks(page, base); got != want {
		t.Errorf("absoluteLinks =\n%s\nwant\n%s", got, want)
	}
}

func TestResultText_linksEveryRelatedLocation(t *testing.T) {
	d := analysis.Diagnostic{Message: "Del of KEYS[1] releases a lock", Related: []analysis.RelatedInformation{
		{Pos: token.Pos(1), Message: "lock acquired here"}, {Pos: token.Pos(2)},
	}}
	want := `Del of KEYS\[1\] releases a lock ([lock acquired here](1), [related location](2))`
	if got := resultText(d); got != want {
		t.Errorf("resultText = %q, want %q", got, want)
	}
	if got := resultText(analysis.Diagnostic{Message: "plain"}); got != "plain" {
		t.Errorf("resultText without related = %q", got)
	}
}

func TestRuleName_pascalCase(t *testing.T) {
	for in, want := range map[string]string{"bare-del": "BareDel", "setnx-expire-pipeline": "SetnxExpirePipeline", "emptyfunc": "Emptyfunc"} {
		if got := ruleName(in); got != want {
			t.Errorf("ruleName(%q) = %q, want %q", in, got, want)
		}
	}
}
