package literal

import (
	"fmt"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// PackageConst moves a string literal into a constant of its package,
// one constant per value, declared in a new file of the package:
//
//	rdb.SetNX(ctx, "lock:"+id, token, ttl)
//
// becomes
//
//	rdb.SetNX(ctx, mmConst1+id, token, ttl)
//
// with, in mm_decls.go,
//
//	const mmConst1 = "lock:"
//
// An untyped constant means the same as its literal wherever it is used.
// Literals of log, print and error messages stay.
type PackageConst struct{}

// Name implements rewrite.Kind.
func (PackageConst) Name() string { return "package-const" }

// Places implements rewrite.Kind.
func (PackageConst) Places(m *workspace.Module) []rewrite.Place {
	return packagePlaces(m, "const", "mmConst", false)
}

// PackageVar moves a string literal into a variable of its package, one
// variable per value, declared in a new file of the package:
//
//	var releaseScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] ...`)
//
// becomes
//
//	var releaseScript = redis.NewScript(mmVar1)
//
// with, in mm_decls.go,
//
//	var mmVar1 = "if redis.call(\"get\", KEYS[1]) == ARGV[1] ..."
//
// Only literals used as a string (not converted to another type) move;
// nothing assigns the variable, and Go initialises package variables in
// the order their initialisers need.
type PackageVar struct{}

// Name implements rewrite.Kind.
func (PackageVar) Name() string { return "package-var" }

// Places implements rewrite.Kind.
func (PackageVar) Places(m *workspace.Module) []rewrite.Place {
	return packagePlaces(m, "var", "mmVar", true)
}

// packagePlaces returns a place for each literal to move into a package
// constant or variable (tok), named prefix followed by a number, one per
// value and package.
func packagePlaces(m *workspace.Module, tok, prefix string, typedOnly bool) []rewrite.Place {
	namers := rewrite.Namers{}
	names := map[*workspace.Package]map[string]string{}
	var places []rewrite.Place
	for _, o := range occurrences(m) {
		if typedOnly && !o.typed {
			continue
		}
		pkg := o.file.Pkg
		if names[pkg] == nil {
			names[pkg] = map[string]string{}
		}
		name, ok := names[pkg][o.value]
		if !ok {
			name = namers.For(pkg).Name(prefix)
			names[pkg][o.value] = name
		}
		places = append(places, packagePlace(o, tok, name))
	}
	return places
}

func packagePlace(o occurrence, tok, name string) rewrite.Place {
	apply := func(e *workspace.Edit) error {
		src := fmt.Sprintf("%s %s = %s", tok, name, quoted(o.value))
		if _, err := e.Declare(dirOf(o.file), decls, o.file.Pkg.Name, name, src, nil); err != nil {
			return err
		}
		return replaceWithName(e, o.lit, name)
	}
	return rewrite.Place{Pos: o.lit.Pos(), End: o.lit.End(), Apply: apply,
		What: fmt.Sprintf("literal %s into package %s %s", short(o.value), tok, name)}
}

// short returns s quoted, cut to a readable length.
func short(s string) string {
	if len(s) > 24 {
		s = s[:21] + "..."
	}
	return quoted(s)
}
