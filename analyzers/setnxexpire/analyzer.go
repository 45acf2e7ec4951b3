package setnxexpire

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

//go:embed doc.go
var doc string

// Analyzer reports non-atomic lock acquisition. It belongs to the default
// analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("setnxexpire", doc, run)
