// Package literal holds the refactorings that move a string literal out
// of the expression that uses it: into a package constant
// (PackageConst), a package variable (PackageVar), a local variable
// declared before its statement (LocalVar), or a field of a struct that
// its constructor sets (StructField). leasevet must find the same key,
// value or script in each.
package literal

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strconv"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// occurrence is a string literal a kind may move.
type occurrence struct {
	file  *workspace.File
	lit   *ast.BasicLit
	path  []ast.Node // from lit up to the file
	value string     // the literal's value
	typed bool       // its type where it is used is string: a string variable can stand for it
}

// occurrences returns the string literals of the module's packages that
// can be moved: in function bodies and package variable initialisers,
// not in import paths, struct tags or constant declarations, and not the
// message of a log, print or error call, which no finding reads.
func occurrences(m *workspace.Module) []occurrence {
	var occs []occurrence
	for _, f := range rewrite.Files(m) {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			switch n := path[0].(type) {
			case *ast.ImportSpec, *ast.Field:
				return false // import paths, struct tags (field types hold no literal)
			case *ast.GenDecl:
				return n.Tok != token.CONST
			case *ast.BasicLit:
				if o, ok := occurrenceAt(f, n, path); ok {
					occs = append(occs, o)
				}
			}
			return true
		})
	}
	return occs
}

func occurrenceAt(f *workspace.File, lit *ast.BasicLit, path []ast.Node) (occurrence, bool) {
	if lit.Kind != token.STRING {
		return occurrence{}, false
	}
	tv, ok := f.Info.Types[lit]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String || isMessage(f.Info, path) {
		return occurrence{}, false
	}
	if _, inCase := path[1].(*ast.CaseClause); inCase {
		return occurrence{}, false
	}
	return occurrence{file: f, lit: lit, path: path, value: constant.StringVal(tv.Value),
		typed: types.Identical(tv.Type, types.Typ[types.String])}, true
}

// isMessage reports whether the literal on path is an argument of a call
// that prints, logs or makes an error: a message, not a key or a value.
func isMessage(info *types.Info, path []ast.Node) bool {
	call, ok := path[1].(*ast.CallExpr)
	if !ok {
		return false
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, builtin := info.Uses[id].(*types.Builtin); builtin {
			return id.Name == "panic" || id.Name == "print" || id.Name == "println"
		}
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "log", "log/slog", "errors", "testing":
		return true
	case "fmt":
		switch fn.Name() {
		case "Sprintf", "Sprint", "Sprintln", "Sscanf", "Sscan":
			return false
		}
		return true
	}
	return false
}

// decls is the file of a package the moved literals are declared in.
const decls = "mm_decls.go"

// quoted returns the Go literal for s.
func quoted(s string) string { return strconv.Quote(s) }

// dirOf returns the relative directory of a file.
func dirOf(f *workspace.File) string { return path.Dir(f.Rel) }

// replaceWithName puts an identifier where the literal was; it stands
// for the literal, so a finding reported at the literal is followed.
func replaceWithName(e *workspace.Edit, lit *ast.BasicLit, name string) error {
	c := e.Node(lit)
	id := &ast.Ident{NamePos: c.Pos(), Name: name}
	if err := e.Replace(c, id); err != nil {
		return err
	}
	e.Alias(id, lit)
	return nil
}
