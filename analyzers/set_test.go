package analyzers

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/suppress"
)

// TestMembers_categories checks what the set hands suppress: every
// analyzer declares at least one category, no category is declared twice
// or by the name of an analyzer (a directive naming it would be
// ambiguous), and the categories the unknown-name message gives as
// examples are declared.
func TestMembers_categories(t *testing.T) {
	owner := map[string]string{}
	for _, mb := range Members() {
		owner[mb.Analyzer.Name] = mb.Analyzer.Name
	}
	for _, mb := range Members() {
		if len(mb.Categories) == 0 {
			t.Errorf("%s declares no category", mb.Analyzer.Name)
		}
		for _, c := range mb.Categories {
			if o, dup := owner[c]; dup {
				t.Errorf("category %s of %s is already the name or a category of %s", c, mb.Analyzer.Name, o)
			}
			owner[c] = mb.Analyzer.Name
		}
	}
	for _, c := range suppress.Examples {
		if _, ok := owner[c]; !ok || slices.Contains(names(), c) {
			t.Errorf("suppress.Examples names %s, which no analyzer declares as a category", c)
		}
	}
}

func names() []string {
	var out []string
	for _, mb := range Members() {
		out = append(out, mb.Analyzer.Name)
	}
	return out
}

// TestMembers_doc checks that each analyzer's Doc is extracted from its
// doc.go, summary line first.
func TestMembers_doc(t *testing.T) {
	for _, mb := range Members() {
		if a := mb.Analyzer; !strings.HasPrefix(a.Doc, a.Name+": ") {
			t.Errorf("%s: Doc = %q, want the extracted doc.go text, summary line first", a.Name, a.Doc)
		}
	}
}

// TestMembers_fixtureTests checks that every analyzer of the set has a
// fixture test of its own, so that a new analyzer cannot go untested: its
// package's <name>_test.go runs ruletest.Run for it.
func TestMembers_fixtureTests(t *testing.T) {
	for _, mb := range Members() {
		name := mb.Analyzer.Name
		data, err := os.ReadFile(filepath.Join(name, name+"_test.go"))
		if err != nil {
			t.Errorf("%s has no fixture test: %v", name, err)
			continue
		}
		if !strings.Contains(string(data), "ruletest.Run(") {
			t.Errorf("%s/%s_test.go does not call ruletest.Run", name, name)
		}
	}
}
