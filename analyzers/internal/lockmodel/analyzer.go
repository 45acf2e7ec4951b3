package lockmodel

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/suppress"
	"golang.org/x/tools/go/analysis"
)

// Analyzer is the lockmodel analyzer of the default analyzer set: the one
// every analyzer package's Analyzer requires, so that nogo-style use (each
// package's Analyzer, configured by flags only) runs one model per package
// and registers each fact type once, as unitchecker requires. Outside a
// set (NewSet) an analyzer knows only its own directive names.
var Analyzer = newAnalyzer(Settings{LockNames: DefaultLockNames}, nil)

// A Member is one analyzer of a set, with the categories of its
// diagnostics, as the analyzer declares them: a //leasevet:ignore
// directive may name either.
type Member struct {
	Analyzer   *analysis.Analyzer // an analyzer package's Analyzer
	Categories []string
}

// NewSet returns the analyzers of members, in their order, as one set: a
// copy of each that requires one new lockmodel analyzer, configured by s
// (empty fields keep their defaults) and by the flags every member shares,
// and that checks directive names against the whole set. An invalid value
// of s is an error.
func NewSet(s Settings, members []Member) ([]*analysis.Analyzer, error) {
	checks := make([]suppress.Check, len(members))
	for i, mb := range members {
		checks[i] = suppress.Check{Analyzer: mb.Analyzer.Name, Categories: mb.Categories}
	}
	model := newAnalyzer(Settings{LockNames: DefaultLockNames}, checks)
	if err := configure(model, s); err != nil {
		return nil, err
	}
	set := make([]*analysis.Analyzer, len(members))
	for i, mb := range members {
		set[i] = bind(mb.Analyzer, model)
	}
	return set, nil
}

// configure sets the flags of model, a lockmodel analyzer, from s.
func configure(model *analysis.Analyzer, s Settings) error {
	if s.LockNames != "" {
		if err := model.Flags.Set("lock-names", s.LockNames); err != nil {
			return fmt.Errorf("leasevet setting lock-names: %w", err)
		}
	}
	if len(s.TokenFuncs) > 0 {
		if err := model.Flags.Set("token-funcs", strings.Join(s.TokenFuncs, ",")); err != nil {
			return fmt.Errorf("leasevet setting token-funcs: %w", err)
		}
	}
	return nil
}

// newAnalyzer returns a lockmodel analyzer owning its own copy of s; its
// flags are the only writers of that copy, and run reads it when the model
// is built, after the driver has parsed the flags. checks are the names
// of its set's analyzers, for their directives.
func newAnalyzer(s Settings, checks []suppress.Check) *analysis.Analyzer {
	own := &s
	return &analysis.Analyzer{
		Name:  "lockmodel",
		Doc:   "build leasevet's model of Redis lock commands (internal)",
		Flags: newFlags(own),
		Run: func(pass *analysis.Pass) (any, error) {
			return guard("lockmodel", pass, func() (any, error) { return run(pass, *own, checks) })
		},
		ResultType: reflect.TypeFor[*Model](),
		FactTypes:  []analysis.Fact{new(Summary), new(reachesRedis), new(ScriptHash), new(ErrReader), new(ScriptMaker)},
	}
}

// ChecksURL is the page that lists every check with its analyzer, each
// check's own page one link away: the URL of every leasevet analyzer.
const ChecksURL = "https://github.com/leasevet/leasevet/blob/main/docs/checks/README.md"

// NewAnalyzer returns the leasevet analyzer name of the default set (its
// model is Analyzer; NewSet makes a copy of it for another set), whose
// diagnostics have the given categories. It takes its Doc from the
// package's doc.go and runs run with the package's model, after reporting
// the package's suppression directives that are its to report; it
// returns at once in a package that reaches no Redis client (no model).
// run finds the model through the analyzer it runs for, so one run serves
// every set.
func NewAnalyzer(name, doc string, categories []string, run func(*analysis.Pass, *Model) (any, error)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      analysisutil.MustExtractDoc(doc, name),
		URL:      ChecksURL,
		Requires: []*analysis.Analyzer{Analyzer},
		Flags:    Analyzer.Flags,
		Run: func(pass *analysis.Pass) (any, error) {
			m := ModelOf(pass)
			if m == nil {
				return nil, nil
			}
			return guard(name, pass, func() (any, error) {
				m.CheckDirectives(pass, categories)
				return run(pass, m)
			})
		},
	}
}

// bind returns a copy of a, a leasevet analyzer of the default set, that
// belongs to the set whose lockmodel analyzer is model: it requires model
// in place of its lockmodel analyzer and shares model's flags, so that the
// set is configured by one Settings.
func bind(a, model *analysis.Analyzer) *analysis.Analyzer {
	b := *a
	b.Requires = slices.Clone(a.Requires)
	for i, r := range b.Requires {
		if isModel(r) {
			b.Requires[i] = model
		}
	}
	b.Flags = model.Flags
	return &b
}

// ModelAnalyzer returns the lockmodel analyzer of the set pass's analyzer
// belongs to: the one it requires whose result is a *Model, or nil.
func ModelAnalyzer(pass *analysis.Pass) *analysis.Analyzer {
	for _, r := range pass.Analyzer.Requires {
		if isModel(r) {
			return r
		}
	}
	return nil
}

func isModel(a *analysis.Analyzer) bool {
	return a.ResultType == reflect.TypeFor[*Model]()
}

// ModelOf returns the model built for pass by the lockmodel analyzer of
// its set; nil when the package reaches no Redis client.
func ModelOf(pass *analysis.Pass) *Model {
	m, _ := pass.ResultOf[ModelAnalyzer(pass)].(*Model)
	return m
}

func run(pass *analysis.Pass, s Settings, checks []suppress.Check) (_ any, err error) {
	if !gate(pass) {
		return (*Model)(nil), nil
	}
	// A bug of ours must not abort the user's whole vet run: report it as
	// this package's analysis error instead.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("leasevet internal error in %s (please report it): %v", pass.Pkg.Path(), r)
		}
	}()
	return build(pass, s, checks)
}
