package analyzers_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// A varRule is one kind of package-level variable an analyzer package may
// declare, with the reason it is no mutable state. Settings live in the
// analyzer set (analyzers.New), never in a package variable: a variable
// written at run time would be shared by every set of the process (a gopls
// with two workspaces, golangci-lint with two configurations).
type varRule struct {
	kind   string
	why    string
	allows func(v packageVar) bool
}

var varRules = []varRule{
	{"Analyzer", "the nogo-style entry point; settings reach it only through its flags, which write into the set it belongs to",
		func(v packageVar) bool { return v.name == "Analyzer" }},
	{"embedded doc", "filled once by the compiler from doc.go (//go:embed) for the Analyzer's Doc",
		func(v packageVar) bool { return v.name == "doc" && strings.Contains(v.doc, "//go:embed") }},
	{"lazy regexp", "analysisutil.LazyRegexp compiles once, on first use, under sync.OnceValue; read-only after",
		func(v packageVar) bool { return callee(v.init) == "analysisutil.LazyRegexp" }},
	{"sentinel error", "compared with errors.Is, never reassigned",
		func(v packageVar) bool { return strings.HasPrefix(v.name, "Err") && callee(v.init) == "errors.New" }},
	{"read-only table", "a data table (rows with reasons, STYLE.md) the package never writes: no assignment to it or into it, no delete or clear, no address taken",
		func(v packageVar) bool { _, lit := v.init.(*ast.CompositeLit); return lit && !v.written }},
}

// packageVar is one package-level variable as the rules see it.
type packageVar struct {
	pkg, name string
	pos       token.Position
	doc       string   // the declaration's comments, directives included
	init      ast.Expr // nil without an initialiser
	written   bool     // some file of the package writes it
}

func TestPackageVars_noMutableState(t *testing.T) {
	fset, pkgs := parseAnalyzerPackages(t, ".")
	if len(pkgs) < 10 {
		t.Fatalf("found %d analyzer packages; the walk is broken", len(pkgs))
	}
	for _, files := range pkgs {
		for _, v := range packageVars(fset, files) {
			if ruleFor(v) == nil {
				t.Errorf("%s: package-level var %s in %s matches no rule of varRules: move the state into the analyzer set (lockmodel.Settings, Analyzer.Flags) or make it a read-only table", v.pos, v.name, v.pkg)
			}
		}
	}
}

// TestPackageVars_rejectsSharedSettings checks the rules against the shape
// they exist to forbid: settings in a package variable that flags write.
func TestPackageVars_rejectsSharedSettings(t *testing.T) {
	const src = `package lockmodel
var settings = Settings{LockNames: defaultLockNames}
var Flags = newFlags()
func newFlags() flag.FlagSet {
	fs := flag.NewFlagSet("leasevet", flag.ContinueOnError)
	fs.Var(regexpFlag{&settings.LockNames}, "lock-names", "")
	return *fs
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "analyzer.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	vars := packageVars(fset, []*ast.File{f})
	if len(vars) != 2 {
		t.Fatalf("found %d vars, want settings and Flags", len(vars))
	}
	for _, v := range vars {
		if r := ruleFor(v); r != nil {
			t.Errorf("var %s allowed as %s", v.name, r.kind)
		}
	}
}

func ruleFor(v packageVar) *varRule {
	for i := range varRules {
		if varRules[i].allows(v) {
			return &varRules[i]
		}
	}
	return nil
}

// parseAnalyzerPackages parses the non-test files of every package under
// root, testdata excluded, keyed by directory.
func parseAnalyzerPackages(t *testing.T, root string) (*token.FileSet, map[string][]*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if d != nil && d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return err
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fset, pkgs
}

// packageVars returns the package-level variables declared in files, one
// package, each with whether any of the files writes it.
func packageVars(fset *token.FileSet, files []*ast.File) []packageVar {
	written := writtenNames(files)
	var out []packageVar
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				out = append(out, specVars(fset, f, gd, spec.(*ast.ValueSpec), written)...)
			}
		}
	}
	return out
}

func specVars(fset *token.FileSet, f *ast.File, gd *ast.GenDecl, vs *ast.ValueSpec, written map[string]bool) []packageVar {
	doc := commentText(gd.Doc) + commentText(vs.Doc)
	var out []packageVar
	for i, name := range vs.Names {
		v := packageVar{pkg: f.Name.Name, name: name.Name, pos: fset.Position(name.Pos()), doc: doc, written: written[name.Name]}
		if i < len(vs.Values) {
			v.init = vs.Values[i]
		}
		out = append(out, v)
	}
	return out
}

func commentText(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range cg.List {
		b.WriteString(c.Text + "\n")
	}
	return b.String()
}

// writtenNames returns the names the files write: assigned (whole, or an
// element or field), incremented, deleted from, cleared or copied into, or
// whose address is taken. Names are compared as spelled, so a local
// variable of the same name counts too: a false alarm asks for a rename,
// never hides a write.
func writtenNames(files []*ast.File) map[string]bool {
	out := map[string]bool{}
	mark := func(e ast.Expr) {
		if id := rootIdent(e); id != nil {
			out[id.Name] = true
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok != token.DEFINE {
					for _, lhs := range n.Lhs {
						mark(lhs)
					}
				}
			case *ast.IncDecStmt:
				mark(n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					mark(n.X)
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && len(n.Args) > 0 &&
					(id.Name == "delete" || id.Name == "clear" || id.Name == "copy") {
					mark(n.Args[0])
				}
			}
			return true
		})
	}
	return out
}

// rootIdent returns the variable an lvalue writes into: x for x, x[i],
// x.f, *x and (x).
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// callee returns the function e calls, as spelled ("errors.New"), or ""
// when e is no call of a plain or package-qualified name.
func callee(e ast.Expr) string {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return ""
	}
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		return fn.Name
	case *ast.SelectorExpr:
		if pkg, ok := fn.X.(*ast.Ident); ok {
			return pkg.Name + "." + fn.Sel.Name
		}
	}
	return ""
}
