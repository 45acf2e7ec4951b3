package locktoken

import (
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"hash/maphash"
	"slices"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

const tokenSrc = `package p

func value() interface{} { return "1" }
`

// TestFreshToken_byVersion checks the fresh token written for a client
// safelock does not take, by the Go version the file is compiled for: the
// expression and its imports must type-check, and for a file whose
// version is unknown there is none.
func TestFreshToken_byVersion(t *testing.T) {
	for _, c := range []struct{ version, want string }{
		{"go1.26", "rand.Text()"},
		{"go1.22", "strconv.FormatUint(rand.Uint64(), 36)"},
		{"go1.19", "strconv.FormatUint(new(maphash.Hash).Sum64(), 36)"},
		{"go1.14", "strconv.FormatUint(new(maphash.Hash).Sum64(), 36)"},
		{"go1.13", "func() string { b := make([]byte, 16); _, _ = rand.Read(b); return hex.EncodeToString(b) }()"},
		{"", ""},
	} {
		t.Run(c.version, func(t *testing.T) {
			pass, file := checkAt(t, c.version, tokenSrc)
			lit := file.Decls[0].(*ast.FuncDecl).Body.List[0].(*ast.ReturnStmt).Results[0]
			tok, edits, ok := freshToken(pass, file, rediscall.Redigo, lit.Pos())
			if c.want == "" {
				if ok {
					t.Fatalf("fresh token %s at %s, want none", tok, c.version)
				}
				return
			}
			if !ok || tok.expr != c.want {
				t.Fatalf("fresh token %q, %v, want %q", tok, ok, c.want)
			}
			edits = append(edits, analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(tok.expr)})
			out := apply(t, pass.Fset, tokenSrc, edits)
			checkAt(t, c.version, out) // fails the test when the fixed file does not type-check
		})
	}
	if new(maphash.Hash).Sum64() == new(maphash.Hash).Sum64() {
		t.Error("two new maphash.Hash values give the same Sum64: their seeds are not random")
	}
}

// checkAt type-checks src as a file compiled for version.
func checkAt(t *testing.T, version, src string) (*analysis.Pass, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{},
		Defs: map[*ast.Ident]types.Object{}, Scopes: map[ast.Node]*types.Scope{}, FileVersions: map[*ast.File]string{}}
	conf := types.Config{GoVersion: version, Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatalf("%s does not type-check at %s: %v\n%s", file.Name.Name, version, err, src)
	}
	return &analysis.Pass{Fset: fset, Pkg: pkg, TypesInfo: info, Files: []*ast.File{file}}, file
}

// apply applies edits to src and formats the result.
func apply(t *testing.T, fset *token.FileSet, src string, edits []analysis.TextEdit) string {
	t.Helper()
	tf := fset.File(token.Pos(1))
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
	out := src
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		out = out[:start] + string(e.NewText) + out[end:]
	}
	formatted, err := format.Source([]byte(out))
	if err != nil {
		t.Fatalf("fixed file does not parse: %v\n%s", err, out)
	}
	return strings.TrimSpace(string(formatted)) + "\n"
}
