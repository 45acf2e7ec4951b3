package barerenew

import (
	_ "embed"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerless"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

//go:embed doc.go
var doc string

// Analyzer reports unconditional renewals of lock keys. It belongs to the
// default analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("barerenew", doc, ownerless.Rule{
	Category: "bare-renew",
	Acts:     renewsKey,
	Belongs:  belongsElsewhere,
	Fixable: func(op *lockmodel.Op) bool {
		return op.Kind == rediscall.Expire && (op.Command == "EXPIRE" || op.Command == "PEXPIRE")
	},
	Refresh: true,
	Message: wording,
}.Run)
