package fixturecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strconv"

	"golang.org/x/tools/go/packages"
)

// A lean load type-checks the packages that cannot change what the
// analyzers find without their function bodies, which are most of the
// cost of loading a fixture module from source: the standard library,
// go-redis and go-zero's import closure. It does not change what the
// analyzers find as long as Opaque tells the truth: a package whose bodies
// no analyzer reads, and whose facts reach the module's packages only
// through the packages it is imported by, contributes its declarations,
// which are all the type checker needs of a dependency.
type lean struct {
	whole map[string]bool   // the files to type-check whole
	names map[string]string // import path -> package name, for the imports a stripped file no longer uses
}

// newLean lists the import graph of patterns (no types: a go list) and
// marks whole the files of the module's packages and of every package
// they reach other than through an opaque one.
func newLean(cfg *packages.Config, patterns []string, opaque func(string) bool) (*lean, error) {
	list := *cfg
	list.Mode = packages.NeedName | packages.NeedCompiledGoFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule
	pkgs, err := packages.Load(&list, patterns...)
	if err != nil {
		return nil, err
	}
	l := &lean{whole: map[string]bool{}, names: map[string]string{}}
	packages.Visit(pkgs, nil, func(p *packages.Package) { l.names[p.PkgPath] = p.Name })
	seen := map[*packages.Package]bool{}
	var reach func(p *packages.Package)
	reach = func(p *packages.Package) {
		main := p.Module != nil && p.Module.Main
		if seen[p] || !main && opaque(p.PkgPath) {
			return
		}
		seen[p] = true
		for _, f := range p.CompiledGoFiles {
			l.whole[f] = true
		}
		for _, imp := range p.Imports {
			reach(imp)
		}
	}
	for _, p := range pkgs {
		reach(p)
	}
	return l, nil
}

// parseFile is the loader's parser: files outside l.whole lose their
// function bodies (each becomes endless), the elements of their package variables' composite
// literals (the unicode tables are most of the standard library's type
// checking), and the imports only those used.
func (l *lean) parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	const mode = parser.AllErrors | parser.ParseComments
	if l.whole[filename] {
		return parser.ParseFile(fset, filename, src, mode)
	}
	f, err := parser.ParseFile(fset, filename, src, mode|parser.SkipObjectResolution)
	if f == nil {
		return f, err
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			fd.Body = endless(fd.Body)
		}
	}
	emptyVarLiterals(f)
	l.blankUnusedImports(f)
	return f, err
}

// endless is a body that stands for b: `for {}`, which needs no
// identifier and ends the function.
func endless(b *ast.BlockStmt) *ast.BlockStmt {
	return &ast.BlockStmt{Lbrace: b.Lbrace, Rbrace: b.Rbrace,
		List: []ast.Stmt{&ast.ForStmt{For: b.Lbrace, Body: &ast.BlockStmt{Lbrace: b.Lbrace, Rbrace: b.Lbrace}}}}
}

// emptyVarLiterals drops the elements of the composite literals that
// initialise f's package variables (and the bodies of their function
// literals), which do not change their types.
func emptyVarLiterals(f *ast.File) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			for _, v := range spec.(*ast.ValueSpec).Values {
				ast.Inspect(v, func(n ast.Node) bool {
					if fn, ok := n.(*ast.FuncLit); ok {
						fn.Body = endless(fn.Body)
						return false
					}
					lit, ok := n.(*ast.CompositeLit)
					if !ok {
						return true
					}
					return !emptyLiteral(lit)
				})
			}
		}
	}
}

// blankUnusedImports turns the imports of f that no selector of what is
// left names into blank imports, which the type checker accepts unused.
func (l *lean) blankUnusedImports(f *ast.File) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name, ok := l.names[p]
		if !ok {
			name = path.Base(p)
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name != "_" && name != "." && !used[name] {
			imp.Name = ast.NewIdent("_")
		}
	}
}

// emptyLiteral drops lit's elements, giving an array whose length is
// the count of its elements ([...]T{a, b}) that length ([2]T{}), and
// reports whether it did: not for an array with indexed elements, whose
// length is their greatest index.
func emptyLiteral(lit *ast.CompositeLit) bool {
	if at, ok := lit.Type.(*ast.ArrayType); ok {
		if _, counted := at.Len.(*ast.Ellipsis); counted {
			for _, e := range lit.Elts {
				if _, indexed := e.(*ast.KeyValueExpr); indexed {
					return false
				}
			}
			at.Len = &ast.BasicLit{ValuePos: at.Lbrack, Kind: token.INT, Value: strconv.Itoa(len(lit.Elts))}
		}
	}
	lit.Elts = nil
	return true
}
