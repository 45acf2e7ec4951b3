package golangciplugin_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/leasevet/leasevet/analyzers"
	_ "github.com/leasevet/leasevet/golangci-plugin"
)

// newPlugin builds the plugin the way golangci-lint does: by name, from
// the registry, with the raw settings map of .golangci.yml.
func newPlugin(t *testing.T, settings any) (register.LinterPlugin, error) {
	t.Helper()
	newFn, err := register.GetPlugin("leasevet")
	if err != nil {
		t.Fatalf("plugin not registered: %v", err)
	}
	return newFn(settings)
}

func TestPlugin_buildsAndRunsAnalyzers(t *testing.T) {
	// The analyzers' flags are process-wide; setting lock-names to its
	// default goes through Apply without changing what other tests see.
	def := analyzers.All[0].Flags.Lookup("lock-names")
	if def == nil {
		t.Fatal("the analyzers have no lock-names flag")
	}
	p, err := newPlugin(t, map[string]any{"lock-names": def.DefValue})
	if err != nil {
		t.Fatal(err)
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("load mode = %q, want %q", mode, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != len(analyzers.All) || len(as) == 0 {
		t.Fatalf("BuildAnalyzers returned %d analyzers, want all %d", len(as), len(analyzers.All))
	}
	dir := filepath.Join(analysistest.TestData(), "src")
	for _, a := range as {
		analysistest.Run(t, dir, a, "./locks")
	}
}

func TestPlugin_nilSettings(t *testing.T) {
	p, err := newPlugin(t, nil)
	if err != nil {
		t.Fatalf("no settings block: %v", err)
	}
	if _, err := p.BuildAnalyzers(); err != nil {
		t.Fatal(err)
	}
}

func TestPlugin_unknownKey(t *testing.T) {
	_, err := newPlugin(t, map[string]any{"lock-name": "lock"})
	if err == nil {
		t.Fatal("a misspelled key was accepted")
	}
	for _, want := range []string{`"lock-name"`, "lock-names"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q should mention %s", err, want)
		}
	}
}

func TestPlugin_badValue(t *testing.T) {
	p, err := newPlugin(t, map[string]any{"lock-names": "(unclosed"})
	if err == nil {
		_, err = p.BuildAnalyzers()
	}
	if err == nil {
		t.Fatal("an invalid lock-names regexp was accepted")
	}
}
