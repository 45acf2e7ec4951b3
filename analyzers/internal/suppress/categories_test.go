package suppress_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/analyzers/internal/suppress"
)

// The directive table must name every analyzer, and only analyzers, so
// that //leasevet:ignore accepts each analyzer's name and categories.
func TestCategories_coverAnalyzers(t *testing.T) {
	names := map[string]bool{}
	for _, a := range analyzers.Default() {
		names[a.Name] = true
	}
	owners := map[string]bool{}
	for cat, a := range suppress.Categories() {
		if !names[a] {
			t.Errorf("category %s belongs to %q, which is not an analyzer", cat, a)
		}
		owners[a] = true
	}
	for name := range names {
		if !owners[name] {
			t.Errorf("analyzer %s has no category in the directive table", name)
		}
	}
}
