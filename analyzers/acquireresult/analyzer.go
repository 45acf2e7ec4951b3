package acquireresult

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

//go:embed doc.go
var doc string

// Analyzer reports lock acquisitions whose "not acquired" answer is never
// read. It belongs to the default analyzer set, whose model is
// lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("acquireresult", doc, lockmodel.EachOp(checkOp))
