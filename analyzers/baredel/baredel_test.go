package baredel_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/baredel"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestDoc(t *testing.T) {
	if !strings.HasPrefix(baredel.Analyzer.Doc, "baredel: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text", baredel.Analyzer.Doc)
	}
}

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), baredel.Analyzer, "./baredel/...", "./ownercheck/...", "./wrapped/...")
}
