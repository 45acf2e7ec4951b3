package setnxexpire_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/setnxexpire"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), setnxexpire.Analyzer, "./setnxexpire/...")
}

func TestDoc(t *testing.T) {
	if !strings.HasPrefix(setnxexpire.Analyzer.Doc, "setnxexpire: ") {
		t.Errorf("Doc = %q, want the summary line first", setnxexpire.Analyzer.Doc)
	}
}
