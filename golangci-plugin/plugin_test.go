package golangciplugin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

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
	def := analyzers.Default()
	p, err := newPlugin(t, map[string]any{"lock-names": def[0].Flags.Lookup("lock-names").DefValue})
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
	if len(as) != 1 || as[0].Name != "leasevet" {
		t.Fatalf("BuildAnalyzers returned %d analyzers, want one named leasevet", len(as))
	}
	// The // want comments are golangci-lint's issue texts: related
	// positions and category folded in, one issue per line.
	analysistest.Run(t, fixtureDir(), as[0], "./locks")
}

// TestPlugin_allAnalyzersQuietOnCorrectCode runs every analyzer the plugin
// builds, together as golangci-lint does, on a correct lock: none may fail
// or report. One load serves them all, which keeps the test fast.
func TestPlugin_allAnalyzersQuietOnCorrectCode(t *testing.T) {
	p, err := newPlugin(t, map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  fixtureDir(),
		// As analysistest: the module cache only, no network.
		Env: append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod"),
	}
	pkgs, err := packages.Load(cfg, "./clean")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading the fixture", n)
	}
	graph, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				t.Errorf("%s: %s: %s", act.Package.Fset.Position(d.Pos), act.Analyzer.Name, d.Message)
			}
		}
	}
}

func fixtureDir() string {
	return filepath.Join(analysistest.TestData(), "src")
}

// TestPlugin_settingsPerPlugin checks that two configurations in one
// process keep their own options: each plugin builds its own analyzer set.
func TestPlugin_settingsPerPlugin(t *testing.T) {
	const semaphores = `(?i)^(lock|sem)$`
	lockNames := func(settings any) string {
		p, err := newPlugin(t, settings)
		if err != nil {
			t.Fatal(err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatal(err)
		}
		return as[len(as)-1].Flags.Lookup("lock-names").Value.String()
	}
	custom := lockNames(map[string]any{"lock-names": semaphores})
	def := lockNames(map[string]any{})
	if custom != semaphores {
		t.Errorf("lock-names of the configured plugin = %q, want %q", custom, semaphores)
	}
	if want := analyzers.Default()[0].Flags.Lookup("lock-names").DefValue; def != want {
		t.Errorf("lock-names of the default plugin = %q, want the default %q", def, want)
	}
}

func TestNew_nilSettings(t *testing.T) {
	p, err := newPlugin(t, nil)
	if err != nil {
		t.Fatalf("no settings block: %v", err)
	}
	if _, err := p.BuildAnalyzers(); err != nil {
		t.Fatal(err)
	}
}

func TestNew_unknownKey(t *testing.T) {
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

func TestNew_badValue(t *testing.T) {
	p, err := newPlugin(t, map[string]any{"lock-names": "(unclosed"})
	if err == nil {
		_, err = p.BuildAnalyzers()
	}
	if err == nil {
		t.Fatal("an invalid lock-names regexp was accepted")
	}
}
