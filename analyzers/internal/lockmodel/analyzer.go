// Package lockmodel builds, once per package, the model every leasevet
// analyzer reads: the Redis commands each function issues (directly or
// through wrapper functions summarised by facts), the identity of their
// keys, and which keys are lock keys (RULES.md, "Lock key").
//
// It is an analyzer of its own so that the model and the summary facts are
// computed once per package however many leasevet analyzers run. It
// requires no other analyzer: under go vet every package of the import
// closure, the standard library included, runs it for facts, so its first
// step is a check of the package's direct imports and their facts that
// returns at once in packages that reach no Redis client (see gate).
package lockmodel

import (
	"flag"
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Settings are leasevet's options; the flags of every leasevet analyzer and
// the golangci-lint plugin's settings fill the same value.
type Settings struct {
	// LockNames matches the words of names that are lock evidence: a
	// key's constant part, or the name of the function, type or parameter
	// that uses the key. Names are split into words (camelCase,
	// snake_case, kebab-case, ":", ".", "/") and each word is matched
	// alone, so that IndexBlock and "indexed-block:" are not lock names.
	LockNames string `json:"lock-names"`
	// TokenFuncs names extra functions ("pkg/path.Func" or
	// "pkg/path.Type.Method") whose results are unique per acquisition.
	TokenFuncs []string `json:"token-funcs"`
}

// defaultLockNames is matched against each word of a name, whole: the
// RULES.md list of lock words.
const defaultLockNames = `(?i)^(lock|locks|locked|locker|lockers|locking|unlock|unlocks|unlocked|unlocking|trylock|relock|redlock|mutex|mutexes|mtx)$`

var settings = Settings{LockNames: defaultLockNames}

// Flags is the flag set shared by every leasevet analyzer.
var Flags = newFlags()

func newFlags() flag.FlagSet {
	fs := flag.NewFlagSet("leasevet", flag.ContinueOnError)
	fs.Var(regexpFlag{&settings.LockNames}, "lock-names", "regexp matched against each word of a name (camelCase, snake_case, kebab-case, \":\" split) that marks a key as a lock: in the key's constant part, or the name of the function, type or parameter that acquires or releases it")
	fs.Var(listFlag{&settings.TokenFuncs}, "token-funcs", "comma-separated functions (pkg/path.Func or pkg/path.Type.Method) whose results are unique lock tokens")
	return *fs
}

type regexpFlag struct{ s *string }

func (f regexpFlag) String() string {
	if f.s == nil {
		return defaultLockNames
	}
	return *f.s
}

func (f regexpFlag) Set(v string) error {
	if _, err := regexp.Compile(v); err != nil {
		return fmt.Errorf("invalid -lock-names regexp: %w", err)
	}
	*f.s = v
	return nil
}

type listFlag struct{ l *[]string }

func (f listFlag) String() string {
	if f.l == nil {
		return ""
	}
	return strings.Join(*f.l, ",")
}

func (f listFlag) Set(v string) error {
	*f.l = nil
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*f.l = append(*f.l, s)
		}
	}
	return nil
}

// Current returns the settings in force.
func Current() Settings { return settings }

// Analyzer computes the Model of a package and exports summary facts.
var Analyzer = &analysis.Analyzer{
	Name:       "lockmodel",
	Doc:        "build leasevet's model of Redis lock commands (internal)",
	Run:        run,
	ResultType: reflect.TypeFor[*Model](),
	FactTypes:  []analysis.Fact{new(Summary), new(reachesRedis), new(ScriptHash)},
}

func run(pass *analysis.Pass) (_ any, err error) {
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
	return build(pass)
}

// Apply sets the shared flags from s; empty fields keep their values.
func (s Settings) Apply() error {
	if s.LockNames != "" {
		if err := Flags.Set("lock-names", s.LockNames); err != nil {
			return fmt.Errorf("leasevet setting lock-names: %w", err)
		}
	}
	if len(s.TokenFuncs) > 0 {
		if err := Flags.Set("token-funcs", strings.Join(s.TokenFuncs, ",")); err != nil {
			return fmt.Errorf("leasevet setting token-funcs: %w", err)
		}
	}
	return nil
}
