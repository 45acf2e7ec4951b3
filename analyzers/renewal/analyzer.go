package renewal

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

//go:embed doc.go
var doc string

// Analyzer reports lock watchdogs that cannot be stopped and releases that
// delete the lock before stopping its watchdog. It belongs to the default
// analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("renewal", doc, run)
