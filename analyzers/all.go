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
// An invalid setting is an error.
func New(s Settings) ([]*analysis.Analyzer, error) {
	model, err := lockmodel.New(s)
	if err != nil {
		return nil, err
	}
	return []*analysis.Analyzer{
		lockmodel.Bind(setnxexpire.Analyzer, model),
		lockmodel.Bind(locktoken.Analyzer, model),
		lockmodel.Bind(releaseresult.Analyzer, model),
		lockmodel.Bind(getdel.Analyzer, model),
		lockmodel.Bind(baredel.Analyzer, model),
		lockmodel.Bind(barerenew.Analyzer, model),
		lockmodel.Bind(acquireresult.Analyzer, model),
		lockmodel.Bind(acquireloop.Analyzer, model),
		lockmodel.Bind(renewal.Analyzer, model),
	}, nil
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
