package workspace

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"
)

// Module is a Go module loaded with types: what every rewrite reads.
type Module struct {
	Dir       string // root directory, absolute
	Path      string // module path
	GoVersion string // the go directive of go.mod ("" when absent)
	Fset      *token.FileSet
	Packages  []*Package // the module's packages, by import path

	byPath  map[string]*Package
	byFile  map[string]*File          // by absolute file name
	imports map[string]*types.Package // every package of the load, as the module's importers see it
}

// Package is one package of the module (one directory). Its Info covers
// its files and its in-package test files: it comes from the test variant
// when there is one, so that names a rewrite adds are checked against the
// tests' declarations too.
type Package struct {
	Path   string
	Name   string
	Dir    string
	Types  *types.Package
	Info   *types.Info
	Files  []*File // non-test files: what rewrites change
	Tests  []*File // in-package _test.go files, read only
	XTests []*File // files of the external test package, read only
	Broken bool    // it has load or type errors: rewrites leave it alone
	m      *Module
}

// Module returns the module of the package.
func (p *Package) Module() *Module { return p.m }

// File is one Go file of the module.
type File struct {
	Name   string // absolute
	Rel    string // relative to the module root, with slashes
	Syntax *ast.File
	Src    []byte
	Pkg    *Package
	Info   *types.Info // the package's, or the external test package's
	Test   bool        // a _test.go file
}

// Load loads the module rooted at dir (which holds its go.mod) with its
// tests.
func Load(dir string) (*Module, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", dir, err)
	}
	path, goVersion, err := readGoMod(dir)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule,
		Tests: true,
		Dir:   dir,
		Env:   append(os.Environ(), "GOWORK=off"),
		Fset:  token.NewFileSet(),
	}
	loaded, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", dir, err)
	}
	m := &Module{Dir: dir, Path: path, GoVersion: goVersion, Fset: cfg.Fset,
		byPath: map[string]*Package{}, byFile: map[string]*File{}, imports: map[string]*types.Package{}}
	if err := m.add(loaded); err != nil {
		return nil, err
	}
	if len(m.Packages) == 0 {
		return nil, fmt.Errorf("loading %s: no packages", dir)
	}
	return m, nil
}

// readGoMod returns the module path and go version of dir/go.mod.
func readGoMod(dir string) (path, goVersion string, err error) {
	name := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return "", "", fmt.Errorf("reading the module: %w", err)
	}
	f, err := modfile.ParseLax(name, data, nil)
	if err != nil {
		return "", "", fmt.Errorf("reading the module: %w", err)
	}
	if f.Module == nil {
		return "", "", fmt.Errorf("%s: no module directive", name)
	}
	if f.Go != nil {
		goVersion = f.Go.Version
	}
	return f.Module.Mod.Path, goVersion, nil
}

// add records the loaded packages: for each directory the plain package,
// its test variant's information, and its external tests.
func (m *Module) add(loaded []*packages.Package) error {
	byID := map[string]*packages.Package{}
	for _, p := range loaded {
		byID[p.ID] = p
	}
	for _, p := range loaded {
		// A test binary's main package (ID pkg.test) is the go command's
		// generated file in its build cache, not a package of the module.
		if p.ID != p.PkgPath || strings.HasSuffix(p.ID, ".test") || p.Module == nil || p.Module.Path != m.Path {
			continue
		}
		variant := p
		if t, ok := byID[p.PkgPath+" ["+p.PkgPath+".test]"]; ok {
			variant = t
		}
		pkg := &Package{m: m, Path: p.PkgPath, Name: p.Name, Types: variant.Types, Info: variant.TypesInfo,
			Broken: len(p.Errors) > 0 || len(variant.Errors) > 0}
		if err := m.addFiles(pkg, variant, false); err != nil {
			return err
		}
		if x, ok := byID[p.PkgPath+"_test ["+p.PkgPath+".test]"]; ok {
			if err := m.addFiles(pkg, x, true); err != nil {
				return err
			}
			pkg.Broken = pkg.Broken || len(x.Errors) > 0
		}
		m.byPath[pkg.Path] = pkg
		m.Packages = append(m.Packages, pkg)
	}
	sort.Slice(m.Packages, func(i, j int) bool { return m.Packages[i].Path < m.Packages[j].Path })
	packages.Visit(loaded, nil, func(p *packages.Package) {
		if p.Types != nil && !strings.Contains(p.ID, " ") && !strings.HasSuffix(p.ID, ".test") {
			m.imports[p.PkgPath] = p.Types
		}
	})
	return nil
}

// addFiles adds the syntax of p to pkg: its non-test and test files, or
// (xtest) the files of the external test package.
func (m *Module) addFiles(pkg *Package, p *packages.Package, xtest bool) error {
	for _, f := range p.Syntax {
		name := m.Fset.File(f.Pos()).Name()
		if pkg.Dir == "" {
			pkg.Dir = filepath.Dir(name)
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return fmt.Errorf("loading %s: %w", name, err)
		}
		rel, err := filepath.Rel(m.Dir, name)
		if err != nil {
			return fmt.Errorf("loading %s: %w", name, err)
		}
		file := &File{Name: name, Rel: filepath.ToSlash(rel), Syntax: f, Src: src, Pkg: pkg,
			Info: p.TypesInfo, Test: strings.HasSuffix(name, "_test.go")}
		switch {
		case xtest:
			pkg.XTests = append(pkg.XTests, file)
		case file.Test:
			pkg.Tests = append(pkg.Tests, file)
		default:
			pkg.Files = append(pkg.Files, file)
		}
		m.byFile[name] = file
	}
	return nil
}

// Package returns the module's package with the given import path, or nil.
func (m *Module) Package(path string) *Package { return m.byPath[path] }

// FileAt returns the file holding pos, or nil.
func (m *Module) FileAt(pos token.Pos) *File {
	tf := m.Fset.File(pos)
	if tf == nil {
		return nil
	}
	return m.byFile[tf.Name()]
}

// FileRel returns the file at the slash-separated path rel, or nil.
func (m *Module) FileRel(rel string) *File {
	return m.byFile[filepath.Join(m.Dir, filepath.FromSlash(rel))]
}

// Files returns every Go file of the module, tests included, by name.
func (m *Module) Files() []*File {
	var all []*File
	for _, f := range m.byFile {
		all = append(all, f)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	return all
}

// ImportPath returns the import path of the package in dir, a directory
// inside the module.
func (m *Module) ImportPath(dir string) (string, error) {
	rel, err := filepath.Rel(m.Dir, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", errors.New("outside the module: " + dir)
	}
	if rel == "." {
		return m.Path, nil
	}
	return m.Path + "/" + filepath.ToSlash(rel), nil
}

// Imported returns the package with the given path as the module's
// packages see it (a dependency, or a package of the module without its
// tests), or nil when the load did not reach it.
func (m *Module) Imported(path string) *types.Package { return m.imports[path] }

// Position returns the position of pos in the module's files.
func (m *Module) Position(pos token.Pos) token.Position { return m.Fset.Position(pos) }
