package acquireresult_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/acquireresult"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestDoc(t *testing.T) {
	if !strings.HasPrefix(acquireresult.Analyzer.Doc, "acquireresult: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text", acquireresult.Analyzer.Doc)
	}
}

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(), acquireresult.Analyzer, "./acquireresult/...", "./correct/...")
}
