// Package analyzers lists leasevet's analyzers for every driver: the
// leasevet binary, the golangci-lint plugin, the gopls build and the tests.
package analyzers

import (
	"github.com/leasevet/leasevet/analyzers/acquireloop"
	"github.com/leasevet/leasevet/analyzers/acquireresult"
	"github.com/leasevet/leasevet/analyzers/baredel"
	"github.com/leasevet/leasevet/analyzers/barerenew"
	"github.com/leasevet/leasevet/analyzers/getdel"
	"github.com/leasevet/leasevet/analyzers/locktoken"
	"github.com/leasevet/leasevet/analyzers/releaseresult"
	"github.com/leasevet/leasevet/analyzers/renewal"
	"github.com/leasevet/leasevet/analyzers/setnxexpire"
	"golang.org/x/tools/go/analysis"
)

// All is the list of leasevet's analyzers, in the order drivers show them.
var All = []*analysis.Analyzer{
	setnxexpire.Analyzer,
	locktoken.Analyzer,
	releaseresult.Analyzer,
	getdel.Analyzer,
	baredel.Analyzer,
	barerenew.Analyzer,
	acquireresult.Analyzer,
	acquireloop.Analyzer,
	renewal.Analyzer,
}
