package layout

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the import path of the repository's main module.
const module = "github.com/leasevet/leasevet"

// The packages the import rules name, by their path in the module.
const (
	analyzersPkg = "analyzers"
	internalDir  = "analyzers/internal/"
	rediscall    = internalDir + "rediscall"
	keyid        = internalDir + "keyid"
	replyuse     = internalDir + "replyuse"
	luascript    = internalDir + "luascript"
	lockmodel    = internalDir + "lockmodel"
	ownerfix     = internalDir + "ownerfix"
	fixedit      = internalDir + "fixedit"
	suppress     = internalDir + "suppress"
	provenance   = internalDir + "provenance"
	analysisutil = internalDir + "analysisutil"
	fixturecheck = internalDir + "fixturecheck"
)

// An importRule is what the packages of one layer must not know, as their
// documentation says it: none of the packages a layer's files import
// (tests apart) may be one the rule forbids.
type importRule struct {
	layer   string
	why     string                   // the rule as the packages' docs state it
	of      func(string) bool        // the packages of the layer, by path in the module
	forbids func(p, imp string) bool // whether package p may not import imp (a full import path)
}

var importRules = []importRule{
	{"recognition", "recognition knows no rule: what a lock rule makes of a call, which keys are lock keys, what is reported",
		in(rediscall, keyid, replyuse, luascript),
		func(_, imp string) bool {
			return leasevet(imp, lockmodel, ownerfix, fixedit, suppress, provenance, fixturecheck) || isRule(imp) || isSet(imp)
		}},
	{"key identity", "keyid knows Go expressions and types, not Redis commands",
		in(keyid),
		func(_, imp string) bool { return leasevet(imp, rediscall, replyuse, luascript) }},
	{"model", "the model holds no rule's own logic, an analyzer's or a fix's, and decides nothing reported",
		in(lockmodel),
		func(_, imp string) bool {
			return leasevet(imp, ownerfix, fixedit, provenance, fixturecheck) || isRule(imp) || isSet(imp)
		}},
	{"provenance", "provenance must not know lock APIs: its callers choose the roots and the values to trace",
		in(provenance),
		func(_, imp string) bool {
			return leasevet(imp, rediscall, lockmodel, ownerfix) || isRule(imp) || isSet(imp)
		}},
	{"fixes", "ownerfix must not know why an op is reported: that is the rules' judgement, handed over in a Spec",
		in(ownerfix),
		func(_, imp string) bool { return isRule(imp) || isSet(imp) }},
	{"funnel", "suppress must not know what a finding means: no model, ops, keys or clients",
		in(suppress),
		func(_, imp string) bool { return strings.HasPrefix(imp, module+"/") }},
	{"helpers", "analysisutil and fixedit hold what is true of any go/analysis pass: no Redis, no rule",
		in(analysisutil, fixedit),
		func(_, imp string) bool { return strings.HasPrefix(imp, module+"/") }},
	{"fixture checks", "fixturecheck must not know the analyzers, their rules or their messages",
		in(fixturecheck),
		func(_, imp string) bool {
			return leasevet(imp, lockmodel, rediscall, keyid, suppress, ownerfix) || isRule(imp) || isSet(imp)
		}},
	{"rules", "a rule (an analyzer package) knows no other rule: what they share is in the model or in shared helpers",
		isRulePath,
		func(p, imp string) bool { return (isRule(imp) && imp != module+"/"+p) || isSet(imp) }},
	{"drivers", "drivers (cmd/, golangci-plugin) know no client: they reach the analyzers through the set, never recognition's tables or a client library",
		func(p string) bool { return strings.HasPrefix(p, "cmd/") || p == "golangci-plugin" },
		func(_, imp string) bool { return !driverMayImport(imp) }},
}

// in returns a matcher of the packages at paths and below them.
func in(paths ...string) func(string) bool {
	return func(p string) bool {
		return slices.ContainsFunc(paths, func(q string) bool { return p == q || strings.HasPrefix(p, q+"/") })
	}
}

// leasevet reports whether imp is one of the module's packages at paths,
// or below them.
func leasevet(imp string, paths ...string) bool {
	p, ok := strings.CutPrefix(imp, module+"/")
	return ok && in(paths...)(p)
}

// isRulePath reports whether p, a path in the module, is an analyzer
// package: a directory of analyzers/ other than internal/.
func isRulePath(p string) bool {
	rest, ok := strings.CutPrefix(p, analyzersPkg+"/")
	return ok && !strings.Contains(rest, "/") && rest != "internal"
}

func isRule(imp string) bool {
	p, ok := strings.CutPrefix(imp, module+"/")
	return ok && isRulePath(p)
}

func isSet(imp string) bool { return imp == module+"/"+analyzersPkg }

// driverMayImport reports whether a driver may import imp: the standard
// library, x/tools and x/mod, golangci-lint's plugin registry, and of
// leasevet the analyzer set and the packages outside analyzers/.
func driverMayImport(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	switch {
	case !strings.Contains(first, "."):
		return true
	case strings.HasPrefix(imp, "golang.org/x/tools/"), strings.HasPrefix(imp, "golang.org/x/mod/"),
		strings.HasPrefix(imp, "github.com/golangci/plugin-module-register/"):
		return true
	case imp == module+"/"+analyzersPkg:
		return true
	}
	p, ok := strings.CutPrefix(imp, module+"/")
	return ok && !strings.HasPrefix(p, analyzersPkg+"/")
}

func TestImports_followTheLayers(t *testing.T) {
	pkgs := moduleImports(t, repoRoot)
	if len(pkgs) < 30 {
		t.Fatalf("found %d packages of the module; the walk is broken", len(pkgs))
	}
	for _, r := range importRules {
		n := 0
		for p, imps := range pkgs {
			if !r.of(p) {
				continue
			}
			n++
			for _, v := range violations(r, p, imps) {
				t.Errorf("%s imports %s: %s", p, v, r.why)
			}
		}
		if n == 0 {
			t.Errorf("rule %q matches no package: it checks nothing", r.layer)
		}
	}
}

// TestImports_catchViolations checks that the rules reject the imports
// they exist to forbid.
func TestImports_catchViolations(t *testing.T) {
	for _, tc := range []struct{ layer, pkg, imp string }{
		{"recognition", rediscall, module + "/" + lockmodel},
		{"key identity", keyid, module + "/" + rediscall},
		{"model", lockmodel, module + "/analyzers/baredel"},
		{"rules", "analyzers/baredel", module + "/analyzers/barerenew"},
		{"drivers", "cmd/leasevet/internal/driver", module + "/" + rediscall},
		{"drivers", "golangci-plugin", "github.com/redis/go-redis/v9"},
		{"funnel", suppress, module + "/" + lockmodel},
	} {
		i := slices.IndexFunc(importRules, func(r importRule) bool { return r.layer == tc.layer })
		if i < 0 {
			t.Fatalf("no rule %q", tc.layer)
		}
		if got := violations(importRules[i], tc.pkg, []string{tc.imp}); len(got) != 1 {
			t.Errorf("rule %q lets %s import %s", tc.layer, tc.pkg, tc.imp)
		}
	}
	if got := violations(importRules[slices.IndexFunc(importRules, func(r importRule) bool { return r.layer == "rules" })],
		"analyzers/baredel", []string{module + "/" + lockmodel, module + "/" + ownerfix}); len(got) != 0 {
		t.Errorf("a rule may import the model and ownerfix; got violations %v", got)
	}
}

// violations returns the imports of p that r forbids.
func violations(r importRule, p string, imps []string) []string {
	var out []string
	for _, imp := range imps {
		if r.forbids(p, imp) {
			out = append(out, imp)
		}
	}
	return out
}

// moduleImports returns, for every package of the main module (by its path
// in the module), what its non-test files import. Nested modules
// (safelock, safelocktest, bench/lockbench) and fixture modules are not
// the main module's.
func moduleImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	fset := token.NewFileSet()
	out := map[string][]string{}
	for dir, files := range goFiles(t, root) {
		rel, err := filepath.Rel(root, dir)
		if err != nil || rel == "." || inNestedModule(root, rel) {
			continue
		}
		p := filepath.ToSlash(rel)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			out[p] = append(out[p], fileImports(t, fset, f)...)
		}
	}
	return out
}

// inNestedModule reports whether rel, a directory of the repository, is
// in a module of its own.
func inNestedModule(root, rel string) bool {
	for d := rel; d != "." && d != "/"; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(root, d, "go.mod")); err == nil {
			return true
		}
	}
	return false
}

func fileImports(t *testing.T, fset *token.FileSet, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, p)
	}
	return out
}
