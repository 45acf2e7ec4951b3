package getdel_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/getdel"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestDoc(t *testing.T) {
	if !strings.HasPrefix(getdel.Analyzer.Doc, "getdel: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text", getdel.Analyzer.Doc)
	}
}

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), getdel.Analyzer, "./getdel/...", "./ownercheck/...")
}
