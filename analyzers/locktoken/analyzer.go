package locktoken

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports lock values that are the same for many acquisitions. It
// belongs to the default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = &analysis.Analyzer{
	Name:      "locktoken",
	Doc:       analysisutil.MustExtractDoc(doc, "locktoken"),
	URL:       "https://github.com/leasevet/leasevet#locktoken",
	Requires:  []*analysis.Analyzer{lockmodel.Analyzer},
	Flags:     lockmodel.Analyzer.Flags,
	Run:       run,
	FactTypes: []analysis.Fact{new(tokenFact)},
}
