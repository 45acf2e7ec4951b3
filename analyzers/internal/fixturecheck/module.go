// Package fixturecheck checks analyzers against a fixture module's
// `// want` comments and .golden files, by analysistest's rules, after
// loading and analysing the module once for all of them.
//
// analysistest loads its packages and their whole import closure from
// source on every call; with go-redis, redsync and go-zero in the closure,
// one call per analyzer made the suite spend most of its time
// type-checking the same libraries again. A Module is loaded once, every
// analyzer of the set runs on it in one checker graph (they share their
// required analyzers' work, as in a real driver), and Check and CheckFixes
// then judge one analyzer on the packages a pattern names, as
// analysistest.Run and RunWithSuggestedFixes would.
//
// A load can be lean (Options.Opaque): the packages the caller says no
// analyzer reads, and those reachable only through them (for leasevet,
// the standard library and go-redis's and go-zero's closures), are
// type-checked without their function bodies, which halves what a fixture
// module costs to load.
//
// It owns loading, pattern matching and the checking rules; it must not
// know the analyzers, their rules or their messages: the tables that name
// them, and which packages are opaque, are the callers'.
package fixturecheck

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Testing is the part of *testing.T the checks report to, as
// analysistest.Testing.
type Testing interface {
	Errorf(format string, args ...any)
}

// loadMode is analysistest's: the whole import closure from source, so
// that facts flow from the libraries as under go vet, and the module, so
// that pass.Module is set.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedDeps | packages.NeedModule

// A Module is a fixture module loaded with its tests and analysed by a set
// of analyzers.
type Module struct {
	Dir   string              // the module's root directory
	Path  string              // the module path, from go.mod
	Pkgs  []*packages.Package // every package of the module, test variants included
	Graph *checker.Graph      // the analysis of Pkgs by the set
}

// Options say what Load loads.
type Options struct {
	// Patterns name the packages to load and analyse ("./dir/...", as the
	// go command reads them); none: every package of the module.
	Patterns []string
	// Opaque, when set, reports the packages whose function bodies none
	// of the analyzers reads (their own analysis of them looks at no
	// body, and their facts cannot reach the module's packages but
	// through those): they, and the packages reachable only through
	// them, are type-checked without their function bodies (see lean).
	// The module's own packages are always loaded whole.
	Opaque func(pkgPath string) bool
}

// Load loads the packages of the Go module at dir that opts names,
// offline, with their tests and their whole import closure, as
// analysistest does, and runs analyzers on them. A package that does not
// load is an error: a fixture module must be valid Go.
func Load(dir string, analyzers []*analysis.Analyzer, opts Options) (*Module, error) {
	patterns := opts.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	gowork := filepath.Join(dir, "go.work")
	if _, err := os.Stat(gowork); err != nil {
		gowork = "off"
	}
	cfg := &packages.Config{
		Mode:  loadMode,
		Dir:   dir,
		Tests: true,
		Env:   append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK="+gowork),
	}
	if opts.Opaque != nil {
		l, err := newLean(cfg, patterns, opts.Opaque)
		if err != nil {
			return nil, err
		}
		cfg.ParseFile = l.parseFile
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if err := loadErrors(pkgs); err != nil {
		return nil, fmt.Errorf("loading %s: %w", dir, err)
	}
	graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		return nil, err
	}
	m := &Module{Dir: dir, Pkgs: pkgs, Graph: graph}
	for _, p := range pkgs {
		if p.Module != nil && p.Module.Main {
			m.Path = p.Module.Path
			break
		}
	}
	if m.Path == "" {
		return nil, fmt.Errorf("%s: no package of the main module", dir)
	}
	return m, nil
}

// loadErrors returns the errors of the loaded packages and their
// dependencies, or nil.
func loadErrors(pkgs []*packages.Package) error {
	var msgs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, err := range p.Errors {
			msgs = append(msgs, err.Error())
		}
	})
	if len(msgs) > 0 {
		return fmt.Errorf("%d errors:\n%s", len(msgs), strings.Join(msgs, "\n"))
	}
	return nil
}

// Roots returns a's actions on the root packages that patterns name, as
// analysistest's Run would have loaded them: the packages and their test
// variants. A pattern is "./dir" or "./dir/..." (relative to the module
// root); a pattern that matches nothing is an error, as in analysistest.
func (m *Module) Roots(t Testing, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	var acts []*checker.Action
	seen := make(map[*checker.Action]bool)
	for _, pattern := range patterns {
		if !strings.HasPrefix(pattern, "./") {
			t.Errorf("pattern %q: want ./dir or ./dir/...", pattern)
			continue
		}
		n := 0
		for _, act := range m.Graph.Roots {
			if act.Analyzer == a && m.matches(pattern, act.Package) {
				n++
				if !seen[act] {
					seen[act] = true
					acts = append(acts, act)
				}
			}
		}
		if n == 0 {
			t.Errorf("no packages matched %s with analyzer %s", pattern, a.Name)
		}
	}
	return acts
}

// matches reports whether pattern names p or the package p is a test
// variant of. Only the two relative forms the tables use are understood.
func (m *Module) matches(pattern string, p *packages.Package) bool {
	rel := strings.TrimPrefix(pattern, "./") // Roots checked the form
	path := strings.TrimSuffix(p.PkgPath, ".test")
	if p.ForTest != "" || strings.HasSuffix(p.Name, "_test") {
		path = strings.TrimSuffix(path, "_test") // an external test package
	}
	if rel == "..." {
		return strings.HasPrefix(path+"/", m.Path+"/")
	}
	if dir, ok := strings.CutSuffix(rel, "/..."); ok {
		want := m.Path + "/" + dir
		return path == want || strings.HasPrefix(path, want+"/")
	}
	return path == m.Path+"/"+rel
}

// Check judges a on the packages patterns name, as analysistest.Run does:
// every diagnostic and every fact of a in those packages must match a
// `// want` expectation on its line, and every expectation must be met.
// It returns the actions it judged.
func (m *Module) Check(t Testing, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	return m.judge(t, a, false, patterns)
}

// CheckFixes is Check, then the .golden comparison of
// analysistest.RunWithSuggestedFixes: in each judged package, the
// suggested fixes of every diagnostic, merged, must turn each file they
// edit into its file.go.golden (after gofmt, with the imports the fixes
// left unused removed). A golden file that is a txtar archive holds one
// section per fix message instead, each the result of that message's
// fixes alone.
func (m *Module) CheckFixes(t Testing, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	return m.judge(t, a, true, patterns)
}

func (m *Module) judge(t Testing, a *analysis.Analyzer, golden bool, patterns []string) []*checker.Action {
	acts := m.Roots(t, a, patterns...)
	for _, act := range acts {
		m.judgeAction(t, act, golden)
	}
	return acts
}

// judgeAction checks one action's diagnostics and facts against the
// `// want` comments of its package and, when golden is set, its fixes
// against the .golden files.
func (m *Module) judgeAction(t Testing, act *checker.Action, golden bool) {
	if act.Err != nil {
		t.Errorf("error analyzing %s: %v", act, act.Err)
		return
	}
	checkAction(t, act)
	if golden {
		checkGolden(t, act)
	}
}
