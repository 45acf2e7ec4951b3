package barerenew_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/barerenew"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestDoc(t *testing.T) {
	if !strings.HasPrefix(barerenew.Analyzer.Doc, "barerenew: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text", barerenew.Analyzer.Doc)
	}
}

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), barerenew.Analyzer, "./barerenew/...", "./ownercheck/...")
}
