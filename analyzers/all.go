// Package analyzers builds leasevet's analyzer set for every driver: the
// leasevet binary, the golangci-lint plugin, the gopls build and the tests.
package analyzers

import (
	"github.com/leasevet/leasevet/analyzers/acquireloop"
	"github.com/leasevet/leasevet/analyzers/acquireresult"
	"github.com/leasevet/leasevet/analyzers/baredel"
	"github.com/leasevet/leasevet/analyzers/barerenew"
	"github.com/leasevet/leasevet/analyzers/getdel"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/locktoken"
	"github.com/leasevet/leasevet/analyzers/releasectx"
	"github.com/leasevet/leasevet/analyzers/releaseresult"
	"github.com/leasevet/leasevet/analyzers/renewal"
	"github.com/leasevet/leasevet/analyzers/setnxexpire"
	"golang.org/x/tools/go/analysis"
)

// New builds a fresh set of leasevet's analyzers, in the order drivers show
// them, configured by s (empty fields keep their defaults). The set owns
// its settings: its analyzers share one lockmodel analyzer and one flag
// set, so two sets in one process (a gopls with two workspaces,
// golangci-lint with two configurations) do not see each other's options.
// Each analyzer comes with the categories it declares, which the set's
// suppression directives may name. An invalid setting is an error.
func New(s Settings) ([]*analysis.Analyzer, error) {
	return lockmodel.NewSet(s, Members())
}

// Members are the analyzers of the set New builds, in its order, each as
// its package defines it (bound to the default lockmodel analyzer) with
// the categories it declares.
func Members() []lockmodel.Member {
	return []lockmodel.Member{
		{Analyzer: setnxexpire.Analyzer, Categories: setnxexpire.Categories},
		{Analyzer: locktoken.Analyzer, Categories: locktoken.Categories},
		{Analyzer: releaseresult.Analyzer, Categories: releaseresult.Categories},
		{Analyzer: getdel.Analyzer, Categories: getdel.Categories},
		{Analyzer: baredel.Analyzer, Categories: baredel.Categories},
		{Analyzer: barerenew.Analyzer, Categories: barerenew.Categories},
		{Analyzer: acquireresult.Analyzer, Categories: acquireresult.Categories},
		{Analyzer: acquireloop.Analyzer, Categories: acquireloop.Categories},
		{Analyzer: renewal.Analyzer, Categories: renewal.Categories},
		{Analyzer: releasectx.Analyzer, Categories: releasectx.Categories},
	}
}

// Default builds a fresh set of leasevet's analyzers with the default
// settings; their flags may still change them.
func Default() []*analysis.Analyzer {
	as, err := New(Settings{})
	if err != nil {
		panic(err) // unreachable: empty settings set no flag
	}
	return as
}
