package acquireloop_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/acquireloop"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestDoc(t *testing.T) {
	if !strings.HasPrefix(acquireloop.Analyzer.Doc, "acquireloop: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text", acquireloop.Analyzer.Doc)
	}
}

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(), acquireloop.Analyzer, "./acquireloop/...", "./correct/...")
}
