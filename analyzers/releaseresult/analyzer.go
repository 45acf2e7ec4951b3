package releaseresult

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

//go:embed doc.go
var doc string

// Analyzer reports owner-checked releases and renewals whose answer is
// dropped. It belongs to the default analyzer set, whose model is
// lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("releaseresult", doc, lockmodel.EachOp(checkOp))
