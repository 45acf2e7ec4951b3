// Package typecheck type-checks an edit of a module in memory: every
// package it changed or added, with its in-package tests, against the
// types the module was loaded with, so that a rewrite that does not
// compile is known before anything is built. It deletes the imports an
// edit left unused.
//
// It must not know what a rewrite is.
package typecheck

import (
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/types"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/output"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Check type-checks, in memory, every package the edit changed or added
// (with its in-package tests) against the types the module was loaded
// with. Imports that the edit left unused are deleted from its trees
// first, which is why Check changes the edit; print it after.
func Check(e *workspace.Edit) error {
	for round := 0; ; round++ {
		out, err := output.Print(e)
		if err != nil {
			return err
		}
		unused, err := check(e.Module(), out)
		if err != nil {
			return err
		}
		if len(unused) == 0 {
			return nil
		}
		if round > 0 {
			return fmt.Errorf("imports still unused after deleting them: %v", unused)
		}
		for _, u := range unused {
			e.DeleteImport(u.rel, u.name, u.path)
		}
	}
}

// unusedImport is an import an edit left without a use.
type unusedImport struct {
	rel, name, path string
}

// check type-checks the packages of out, dependencies first, and returns
// the imports of out's files that nothing uses.
func check(m *workspace.Module, out *output.Output) ([]unusedImport, error) {
	pc := &pkgChecker{m: m, out: out, checked: map[string]*types.Package{}}
	dirs := out.Dirs()
	groups := map[string][]*ast.File{}
	for _, d := range dirs {
		files, err := pc.files(d)
		if err != nil {
			return nil, err
		}
		groups[d] = files
	}
	var unused []unusedImport
	for _, d := range pc.order(dirs, groups) {
		u, err := pc.check(d, groups[d])
		if err != nil {
			return nil, err
		}
		unused = append(unused, u...)
	}
	return unused, nil
}

// pkgChecker type-checks the packages of an Output.
type pkgChecker struct {
	m       *workspace.Module
	out     *output.Output
	checked map[string]*types.Package // import path → package checked from the output
	std     types.Importer            // for a standard package the load did not reach
}

// files returns the non-test files of the package in the directory d of
// the output: printed ones, and the module's others parsed again into the
// output's file set.
func (pc *pkgChecker) files(d string) ([]*ast.File, error) {
	var files []*ast.File
	for rel, p := range pc.out.Go {
		if path.Dir(rel) == d {
			files = append(files, p.Syntax)
		}
	}
	if pkg := pc.pkgAt(d); pkg != nil {
		for _, f := range pkg.Files {
			if _, printed := pc.out.Go[f.Rel]; printed {
				continue
			}
			syntax, err := pc.parse(f)
			if err != nil {
				return nil, err
			}
			files = append(files, syntax)
		}
	}
	sort.Slice(files, func(i, j int) bool {
		return pc.out.Fset.File(files[i].Pos()).Name() < pc.out.Fset.File(files[j].Pos()).Name()
	})
	return files, nil
}

func (pc *pkgChecker) parse(f *workspace.File) (*ast.File, error) {
	syntax, err := parser.ParseFile(pc.out.Fset, f.Rel, f.Src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parsing %s: %w", f.Rel, err)
	}
	return syntax, nil
}

// pkgAt returns the module's package in the relative directory d, or nil
// for a directory the edit created.
func (pc *pkgChecker) pkgAt(d string) *workspace.Package {
	p, err := pc.m.ImportPath(pc.m.Dir + "/" + d)
	if err != nil {
		return nil
	}
	return pc.m.Package(p)
}

func (pc *pkgChecker) importPath(d string) string {
	p, _ := pc.m.ImportPath(pc.m.Dir + "/" + d)
	return p
}

// order sorts the directories so that a package comes after those of
// dirs it imports.
func (pc *pkgChecker) order(dirs []string, groups map[string][]*ast.File) []string {
	byPath := map[string]string{}
	for _, d := range dirs {
		byPath[pc.importPath(d)] = d
	}
	var sorted []string
	state := map[string]int{} // 1: visiting, 2: done
	var visit func(d string)
	visit = func(d string) {
		if state[d] != 0 {
			return // done, or an import cycle that the checker will report
		}
		state[d] = 1
		for _, f := range groups[d] {
			for _, spec := range f.Imports {
				p, _ := strconv.Unquote(spec.Path.Value)
				if dep, ok := byPath[p]; ok {
					visit(dep)
				}
			}
		}
		state[d] = 2
		sorted = append(sorted, d)
	}
	for _, d := range dirs {
		visit(d)
	}
	return sorted
}

// check type-checks the package in d from files, and again with its
// in-package tests, and returns the imports of printed files that nothing
// uses.
func (pc *pkgChecker) check(d string, files []*ast.File) ([]unusedImport, error) {
	p := pc.importPath(d)
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}}
	pkg, err := pc.typeCheck(p, files, info)
	if err != nil {
		return nil, err
	}
	pc.checked[p] = pkg
	if mp := pc.pkgAt(d); mp != nil && len(mp.Tests) > 0 {
		withTests := append([]*ast.File(nil), files...)
		for _, t := range mp.Tests {
			syntax, err := pc.parse(t)
			if err != nil {
				return nil, err
			}
			withTests = append(withTests, syntax)
		}
		if _, err := pc.typeCheck(p, withTests, nil); err != nil {
			return nil, fmt.Errorf("with its tests: %w", err)
		}
	}
	return pc.unusedImports(files, info), nil
}

// typeCheck checks files as the package p; errors about unused imports
// are left to unusedImports.
func (pc *pkgChecker) typeCheck(p string, files []*ast.File, info *types.Info) (*types.Package, error) {
	var errs []error
	conf := types.Config{
		Importer:    importerFunc(pc.importPkg),
		FakeImportC: true,
		Error: func(err error) {
			if te, ok := err.(types.Error); !ok || !isUnusedImport(te) {
				errs = append(errs, err)
			}
		},
	}
	pkg, _ := conf.Check(p, pc.out.Fset, files, info)
	if len(errs) > 0 {
		return nil, fmt.Errorf("type-checking %s: %w", p, errors.Join(errs...))
	}
	return pkg, nil
}

// isUnusedImport reports whether te says that an import is not used; the
// edit deletes those imports itself.
func isUnusedImport(te types.Error) bool {
	return te.Soft && strings.Contains(te.Msg, " imported") && strings.HasSuffix(te.Msg, "not used")
}

func (pc *pkgChecker) importPkg(p string) (*types.Package, error) {
	if pkg, ok := pc.checked[p]; ok {
		return pkg, nil
	}
	if p == "unsafe" {
		return types.Unsafe, nil
	}
	if pkg := pc.m.Imported(p); pkg != nil {
		return pkg, nil
	}
	if p == "embed" {
		pkg := types.NewPackage("embed", "embed")
		pkg.MarkComplete()
		return pkg, nil
	}
	if pc.std == nil {
		pc.std = importer.ForCompiler(pc.out.Fset, "source", nil)
	}
	return pc.std.Import(p)
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(p string) (*types.Package, error) { return f(p) }

// unusedImports returns the named or plain imports of files that info
// records no use of.
func (pc *pkgChecker) unusedImports(files []*ast.File, info *types.Info) []unusedImport {
	used := map[types.Object]bool{}
	for _, obj := range info.Uses {
		if pn, ok := obj.(*types.PkgName); ok {
			used[pn] = true
		}
	}
	var unused []unusedImport
	for _, f := range files {
		rel := pc.out.Fset.File(f.Pos()).Name()
		if _, printed := pc.out.Go[rel]; !printed {
			continue
		}
		for _, spec := range f.Imports {
			if spec.Name != nil && (spec.Name.Name == "_" || spec.Name.Name == ".") {
				continue
			}
			obj := info.Implicits[spec]
			if spec.Name != nil {
				obj = info.Defs[spec.Name]
			}
			if pn, ok := obj.(*types.PkgName); ok && !used[pn] {
				p, _ := strconv.Unquote(spec.Path.Value)
				name := ""
				if spec.Name != nil {
					name = spec.Name.Name
				}
				unused = append(unused, unusedImport{rel: rel, name: name, path: p})
			}
		}
	}
	return unused
}
