package getdel

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

//go:embed doc.go
var doc string

// Analyzer reports check-then-act releases and renewals of lock keys. It
// belongs to the default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("getdel", doc, lockmodel.EachOp(checkOp))
