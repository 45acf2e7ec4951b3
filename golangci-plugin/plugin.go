// Package golangciplugin registers leasevet as a golangci-lint v2 module
// plugin named "leasevet".
//
// It holds no analysis logic: New decodes the settings from .golangci.yml
// (linters.settings.custom.leasevet.settings) into analyzers.Settings, and
// BuildAnalyzers builds an analyzer set of its own from them with
// analyzers.New, so that two configurations in one golangci-lint process
// do not share options, and hands it to golangci-lint as one analyzer that
// reports one issue per line, related positions and category in the
// message, which golangci-lint's default uniq-by-line keeps whole (see
// combine). See docs/golangci-lint.md for the build and the configuration.
package golangciplugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/analyzers"
)

// Name is the plugin's name: the key under linters.settings.custom and the
// linter name in golangci-lint's output and //nolint comments.
const Name = "leasevet"

func init() {
	register.Plugin(Name, New)
}

// plugin is leasevet configured with its golangci-lint settings.
type plugin struct {
	settings analyzers.Settings
}

// New decodes the settings; an unknown key is an error, so that a typo
// does not silently fall back to the defaults.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[analyzers.Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("leasevet: settings (known keys: lock-names, token-funcs): %w", err)
	}
	return &plugin{settings: s}, nil
}

// BuildAnalyzers builds the analyzer set configured by the settings and
// returns it as one analyzer that reports one issue per line (see
// combine); an invalid value is an error.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	as, err := analyzers.New(p.settings)
	if err != nil {
		return nil, fmt.Errorf("leasevet: %w", err)
	}
	return []*analysis.Analyzer{combine(as)}, nil
}

// GetLoadMode asks for type information: every leasevet analyzer resolves
// calls through types.
func (p *plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
