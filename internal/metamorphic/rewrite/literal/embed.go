package literal

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"
	"path"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// EmbedLua moves the source of a Lua script into a .lua file of its
// package, read by //go:embed into a package variable:
//
//	var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then ...`)
//
// becomes
//
//	var release = redis.NewScript(mmScript1)
//
// with, in mm_embed.go,
//
//	//go:embed mm_mmscript1.lua
//	var mmScript1 string
//
// and the script, byte for byte, in mm_mmscript1.lua. A constant that
// holds a script (const releaseLua = `...`) becomes such a variable
// under its own name. A script is a string literal that calls
// redis.call or redis.pcall, used as a string; the module must be at Go
// 1.16 or later.
type EmbedLua struct{}

// Name implements rewrite.Kind.
func (EmbedLua) Name() string { return "embed-lua" }

// Places implements rewrite.Kind.
func (EmbedLua) Places(m *workspace.Module) []rewrite.Place {
	if m.GoVersion != "" && version.Compare("go"+m.GoVersion, "go1.16") < 0 {
		return nil
	}
	namers := rewrite.Namers{}
	names := map[*workspace.Package]map[string]string{}
	var places []rewrite.Place
	for _, o := range occurrences(m) {
		if !o.typed || !isLua(o.value) {
			continue
		}
		pkg := o.file.Pkg
		if names[pkg] == nil {
			names[pkg] = map[string]string{}
		}
		if names[pkg][o.value] == "" {
			names[pkg][o.value] = namers.For(pkg).Name("mmScript")
		}
		name := names[pkg][o.value]
		places = append(places, embedPlace(o.file, o.lit, o.value, name, func(e *workspace.Edit) error {
			return replaceWithName(e, o.lit, name)
		}))
	}
	return append(places, constPlaces(m)...)
}

// isLua reports whether s is the source of a Redis Lua script.
func isLua(s string) bool {
	return strings.Contains(s, "redis.call(") || strings.Contains(s, "redis.pcall(")
}

// constPlaces returns the places of the package constants that hold a
// script: each becomes an embedded variable of its name.
func constPlaces(m *workspace.Module) []rewrite.Place {
	var places []rewrite.Place
	for _, f := range rewrite.Files(m) {
		for _, d := range f.Syntax.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				if p, ok := constPlace(f, g, s.(*ast.ValueSpec)); ok {
					places = append(places, p)
				}
			}
		}
	}
	return places
}

func constPlace(f *workspace.File, g *ast.GenDecl, spec *ast.ValueSpec) (rewrite.Place, bool) {
	if len(spec.Names) != 1 || len(spec.Values) != 1 || rewrite.NearDirective(f, spec) {
		return rewrite.Place{}, false
	}
	lit, ok := spec.Values[0].(*ast.BasicLit)
	obj, _ := f.Info.Defs[spec.Names[0]].(*types.Const)
	if !ok || obj == nil || obj.Val().Kind() != constant.String || !isLua(constant.StringVal(obj.Val())) {
		return rewrite.Place{}, false
	}
	if b, ok := obj.Type().(*types.Basic); !ok || (b.Kind() != types.String && b.Kind() != types.UntypedString) {
		return rewrite.Place{}, false
	}
	value := constant.StringVal(obj.Val())
	return embedPlace(f, lit, value, obj.Name(), func(e *workspace.Edit) error {
		if len(g.Specs) == 1 {
			return e.Delete(e.Node(g))
		}
		return e.Delete(e.Node(spec))
	}), true
}

// embedPlace returns the place that writes value into a .lua file read
// into the variable name, and then makes the change rest.
func embedPlace(f *workspace.File, lit *ast.BasicLit, value, name string, rest func(*workspace.Edit) error) rewrite.Place {
	lua := "mm_" + strings.ToLower(name) + ".lua"
	apply := func(e *workspace.Edit) error {
		dir := dirOf(f)
		src := fmt.Sprintf("//go:embed %s\nvar %s string", lua, name)
		added, err := e.Declare(dir, "mm_embed.go", f.Pkg.Name, name, src, map[string]string{"embed": "_"})
		if err != nil {
			return err
		}
		if added {
			if err := e.AddSource(path.Join(dir, lua), []byte(value)); err != nil {
				return err
			}
		}
		return rest(e)
	}
	return rewrite.Place{Pos: lit.Pos(), End: lit.End(), Apply: apply,
		What: fmt.Sprintf("script %s into %s, embedded as %s", short(value), lua, name)}
}
