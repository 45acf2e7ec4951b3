package renewal_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/renewal"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestDoc(t *testing.T) {
	if !strings.HasPrefix(renewal.Analyzer.Doc, "renewal: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text", renewal.Analyzer.Doc)
	}
}

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(), renewal.Analyzer, "./renewal/...", "./correct/...")
}
