package baredel

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerless"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

//go:embed doc.go
var doc string

// Analyzer reports unconditional releases of lock keys. It belongs to the
// default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("baredel", doc, ownerless.Rule{
	Category: "bare-del",
	Acts:     deletesKey,
	Excused:  onAcquireError,
	Fixable:  func(op *lockmodel.Op) bool { return op.Kind == rediscall.Delete && op.Command != "GETDEL" },
	Message:  wording,
}.Run)
