// Package typename writes types in the files a rewrite changes or adds:
// as the file's imports name their packages, adding the imports that are
// missing, and refusing what a file cannot name (a type declared in a
// function, a type parameter, a package it may not import).
//
// It must not know what a rewrite does with the type.
package typename

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Namer writes types in one file of a package: as the file's own
// imports name their packages, adding the imports that are missing.
type Namer struct {
	fset    *token.FileSet
	file    *ast.File // the edit's copy of the file
	pkgPath string    // the file's package
	scope   *types.Scope
	names   map[string]string // import path → the name the file refers to it by ("" for a dot import)
	err     error
}

// New returns a Namer for the file f of the module, as the
// edit e has it.
func New(e *workspace.Edit, f *workspace.File) *Namer {
	tn := NewAdded(e, e.File(f), f.Pkg.Path)
	tn.scope = f.Pkg.Types.Scope()
	for _, spec := range f.Syntax.Imports {
		obj := f.Info.Implicits[spec]
		if spec.Name != nil {
			obj = f.Info.Defs[spec.Name]
		}
		pn, ok := obj.(*types.PkgName)
		switch {
		case spec.Name != nil && spec.Name.Name == ".":
			tn.names[pn.Imported().Path()] = ""
		case ok:
			tn.names[pn.Imported().Path()] = pn.Name()
		}
	}
	return tn
}

// NewAdded returns a Namer for the tree file of a file that
// the edit adds to the package pkgPath (a new package, or one whose
// other files declare nothing the file's imports could clash with).
func NewAdded(e *workspace.Edit, file *ast.File, pkgPath string) *Namer {
	tn := &Namer{fset: e.Fset, file: file, pkgPath: pkgPath, names: map[string]string{}}
	for _, spec := range file.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		if spec.Name != nil {
			tn.names[p] = spec.Name.Name
		}
	}
	return tn
}

// TypeString returns t as the file can write it, or an error when it
// cannot: a type declared in a function, a type parameter, an untyped
// constant's type, or a package it cannot import or name.
func (tn *Namer) TypeString(t types.Type) (string, error) {
	if err := tn.writable(t, map[types.Type]bool{}); err != nil {
		return "", err
	}
	tn.err = nil
	s := types.TypeString(t, tn.qualifier)
	if tn.err != nil {
		return "", tn.err
	}
	return s, nil
}

// writable checks t and the types it is built of, once each.
func (tn *Namer) writable(t types.Type, seen map[types.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Basic:
		if t.Info()&types.IsUntyped != 0 || t.Kind() == types.Invalid {
			return errors.New("an untyped or invalid type")
		}
	case *types.TypeParam:
		return errors.New("a type parameter")
	case *types.Named:
		return tn.writableNamed(t.Obj(), t.TypeArgs(), seen)
	case *types.Alias:
		return tn.writableNamed(t.Obj(), t.TypeArgs(), seen)
	case *types.Pointer:
		return tn.writable(t.Elem(), seen)
	case *types.Slice:
		return tn.writable(t.Elem(), seen)
	case *types.Array:
		return tn.writable(t.Elem(), seen)
	case *types.Chan:
		return tn.writable(t.Elem(), seen)
	case *types.Map:
		return errors.Join(tn.writable(t.Key(), seen), tn.writable(t.Elem(), seen))
	case *types.Signature:
		return errors.Join(tn.writable(t.Params(), seen), tn.writable(t.Results(), seen))
	case *types.Tuple:
		for i := range t.Len() {
			if err := tn.writable(t.At(i).Type(), seen); err != nil {
				return err
			}
		}
	case *types.Struct, *types.Interface:
		if !tn.sameOrExported(t) {
			return errors.New("a struct or interface with unexported parts of another package")
		}
	}
	return nil
}

func (tn *Namer) writableNamed(obj *types.TypeName, args *types.TypeList, seen map[types.Type]bool) error {
	if obj.Pkg() == nil {
		return nil // error, any, comparable
	}
	if obj.Parent() != obj.Pkg().Scope() {
		return fmt.Errorf("%s is declared in a function", obj.Name())
	}
	if obj.Pkg().Path() != tn.pkgPath && (!obj.Exported() || obj.Pkg().Name() == "main") {
		return fmt.Errorf("%s is not exported, or is of a command", obj.Name())
	}
	if !CanImport(tn.pkgPath, obj.Pkg().Path()) {
		return fmt.Errorf("%s cannot import %s", tn.pkgPath, obj.Pkg().Path())
	}
	for i := range args.Len() {
		if err := tn.writable(args.At(i), seen); err != nil {
			return err
		}
	}
	return nil
}

// sameOrExported reports whether the fields and methods of a struct or
// interface type literal are all exported, or of the file's package.
func (tn *Namer) sameOrExported(t types.Type) bool {
	ok := true
	check := func(o types.Object) {
		if !o.Exported() && o.Pkg() != nil && o.Pkg().Path() != tn.pkgPath {
			ok = false
		}
	}
	switch t := t.(type) {
	case *types.Struct:
		for i := range t.NumFields() {
			check(t.Field(i))
		}
	case *types.Interface:
		for i := range t.NumExplicitMethods() {
			check(t.ExplicitMethod(i))
		}
	}
	return ok
}

// qualifier names pkg as the file imports it, adding the import if the
// file has none.
func (tn *Namer) qualifier(pkg *types.Package) string {
	if pkg.Path() == tn.pkgPath {
		return ""
	}
	name, err := tn.Import(pkg.Path(), pkg.Name())
	if err != nil && tn.err == nil {
		tn.err = err
	}
	return name
}

// Import returns the name under which the file refers to the package at
// path (whose package name is name), adding an import when it has none.
// A dot import is named "".
func (tn *Namer) Import(path, name string) (string, error) {
	if local, ok := tn.names[path]; ok {
		return local, nil
	}
	if tn.nameTaken(name) {
		return "", fmt.Errorf("cannot import %s as %s: the name is taken", path, name)
	}
	if path[strings.LastIndex(path, "/")+1:] == name {
		astutil.AddImport(tn.fset, tn.file, path)
	} else {
		astutil.AddNamedImport(tn.fset, tn.file, name, path)
	}
	tn.names[path] = name
	return name, nil
}

// nameTaken reports whether name is declared in the file's package or
// is the name the file gives an import.
func (tn *Namer) nameTaken(name string) bool {
	if tn.scope != nil && tn.scope.Lookup(name) != nil {
		return true
	}
	for _, local := range tn.names {
		if local == name {
			return true
		}
	}
	return false
}

// CanImport reports whether the package from may import the package to:
// from must be inside the tree of every "internal" element of to's path.
func CanImport(from, to string) bool {
	parts := strings.Split(to, "/")
	for i, p := range parts {
		if p != "internal" {
			continue
		}
		parent := strings.Join(parts[:i], "/")
		if parent == "" {
			return !strings.Contains(strings.Split(from, "/")[0], ".") // the standard library's own
		}
		if from != parent && !strings.HasPrefix(from, parent+"/") {
			return false
		}
	}
	return true
}

// KeepsType reports whether a variable declared as v := expr would have
// the type expr has where it is (in f): false for a constant converted by
// its use (0 passed as a time.Duration, nil), true for anything whose
// type is its own.
func KeepsType(f *workspace.File, expr ast.Expr) bool {
	tv, ok := f.Info.Types[expr]
	if !ok {
		return false
	}
	fset := f.Pkg.Module().Fset
	start, end := fset.Position(expr.Pos()).Offset, fset.Position(expr.End()).Offset
	alone, err := types.Eval(fset, f.Pkg.Types, expr.Pos(), string(f.Src[start:end]))
	if err != nil || alone.Type == nil {
		return false
	}
	return types.Identical(types.Default(alone.Type), tv.Type)
}

// Mentions reports whether t is, or is built of, a type of the package
// at path.
func Mentions(t types.Type, pkgPath string) bool {
	found := false
	seen := map[types.Type]bool{}
	var walk func(types.Type)
	walk = func(t types.Type) {
		if found || t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			found = t.Obj().Pkg() != nil && t.Obj().Pkg().Path() == pkgPath
			for i := range t.TypeArgs().Len() {
				walk(t.TypeArgs().At(i))
			}
		case *types.Alias:
			walk(types.Unalias(t))
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Signature:
			walk(t.Params())
			walk(t.Results())
		case *types.Tuple:
			for i := range t.Len() {
				walk(t.At(i).Type())
			}
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type())
			}
		}
	}
	walk(t)
	return found
}
