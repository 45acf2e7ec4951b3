package checks_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers"
)

// TestAnalyzerURLs_openThisDirectory checks that the URL every analyzer
// gives (go vet, gopls and golangci-lint show it) is this directory's
// index, which is embedded, so the page exists.
func TestAnalyzerURLs_openThisDirectory(t *testing.T) {
	const base = "https://github.com/leasevet/leasevet/blob/main/docs/checks/"
	for _, a := range analyzers.Default() {
		page, ok := strings.CutPrefix(a.URL, base)
		if !ok || page != "README.md" {
			t.Errorf("%s: URL %q, want %sREADME.md", a.Name, a.URL, base)
		}
	}
}
