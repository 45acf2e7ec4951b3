package lockmodel

import (
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Settings are leasevet's options. One value configures one analyzer set:
// the set's lockmodel analyzer (NewSet) holds it, and the flags of every
// analyzer of the set, or the golangci-lint plugin's settings, fill it.
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

// newFlags returns the flags that set s. The analyzers of a set share this
// flag set (each copies it into its Flags, and the copies share the flag
// values), which is what makes an option spelled with any analyzer's name
// reach them all, as README documents.
func newFlags(s *Settings) flag.FlagSet {
	fs := flag.NewFlagSet("leasevet", flag.ContinueOnError)
	fs.Var(regexpFlag{&s.LockNames}, "lock-names", "regexp matched against each word of a name (camelCase, snake_case, kebab-case, \":\" split) that marks a key as a lock: in the key's constant part, or the name of the function, type or parameter that acquires or releases it")
	fs.Var(listFlag{&s.TokenFuncs}, "token-funcs", "comma-separated functions (pkg/path.Func or pkg/path.Type.Method) whose results are unique lock tokens")
	return *fs
}

type regexpFlag struct{ s *string }

func (f regexpFlag) String() string {
	if f.s == nil {
		return DefaultLockNames
	}
	return *f.s
}

// Get implements flag.Getter, through which SettingsOf reads the value.
func (f regexpFlag) Get() any { return *f.s }

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

// Get implements flag.Getter, through which SettingsOf reads the value.
func (f listFlag) Get() any { return slices.Clone(*f.l) }

func (f listFlag) Set(v string) error {
	*f.l = nil
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*f.l = append(*f.l, s)
		}
	}
	return nil
}

// SettingsOf returns the settings in force for model, a lockmodel analyzer
// (Analyzer, or one from New), as its flags have set them.
// Without a lockmodel analyzer (nil) they are the defaults.
func SettingsOf(model *analysis.Analyzer) Settings {
	s := Settings{LockNames: DefaultLockNames}
	if model == nil {
		return s
	}
	get := func(name string) any {
		if f := model.Flags.Lookup(name); f != nil {
			if g, ok := f.Value.(flag.Getter); ok {
				return g.Get()
			}
		}
		return nil
	}
	if v, ok := get("lock-names").(string); ok {
		s.LockNames = v
	}
	s.TokenFuncs, _ = get("token-funcs").([]string)
	return s
}
