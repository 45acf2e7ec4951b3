package lockmodel_test

import (
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"golang.org/x/tools/go/analysis"
)

// modelBuilt exports a package fact when the model of a package is built,
// so that the gate is observable in analysistest.
type modelBuilt struct{}

func (*modelBuilt) AFact()         {}
func (*modelBuilt) String() string { return "model built" }

var probe = &analysis.Analyzer{
	Name:      "probe",
	Doc:       "export a fact where lockmodel builds a model",
	Requires:  []*analysis.Analyzer{lockmodel.Analyzer},
	FactTypes: []analysis.Fact{new(modelBuilt)},
	Run: func(pass *analysis.Pass) (any, error) {
		if pass.ResultOf[lockmodel.Analyzer].(*lockmodel.Model) != nil {
			pass.ExportPackageFact(new(modelBuilt))
		}
		return nil, nil
	},
}

// TestGate_packagesReachingRedis shows that a package that reaches no
// Redis client gets no model: every analyzer returns at once, so no
// function is walked and no SSA is built there, while a package that
// reaches go-redis only transitively does get one.
func TestGate_packagesReachingRedis(t *testing.T) {
	fixturecheck.Run(t, probe, ruletest.Opaque, fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./gate/..."}})
}
