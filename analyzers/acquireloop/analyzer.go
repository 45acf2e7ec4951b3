package acquireloop

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

//go:embed doc.go
var doc string

// Analyzer reports loops that wait for a lock by retrying its acquire with
// no pause, or with no way out but success. It belongs to the default
// analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("acquireloop", doc, run)
