package locktoken

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"path"
	"strconv"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

const safelockPath = "github.com/leasevet/leasevet/safelock"

// freshToken returns the expression that makes a fresh lock token at pos
// in file, and the edits that import what it calls: safelock.NewToken()
// for a go-redis v9 client, whose fixes rewrite to safelock; for the
// other clients, which safelock does not take, crypto/rand's Text() (a
// 128-bit random string, Go 1.24 and later), or from Go 1.20, whose
// math/rand is seeded at random, strconv.FormatUint(rand.Uint64(), 36);
// before that, from Go 1.14, 64 bits of a hash/maphash seed, which is
// random for every new Hash (math/rand's sequence is then the same in
// every process).
// Each package is written under the name the file gives it, or imported
// under its own when nothing at pos has that name; otherwise no fix.
func freshToken(pass *analysis.Pass, file *ast.File, client rediscall.Client, pos token.Pos) (tokenExpr, []analysis.TextEdit, bool) {
	if client == rediscall.GoRedisV9 {
		name, edits := fixedit.AddImport(pass.Fset, file, safelockPath)
		return tokenExpr{expr: name + ".NewToken()", path: safelockPath}, edits, true
	}
	v := fileVersion(pass, file)
	var pkg, format string // format's verbs: strconv's name, then pkg's
	switch {
	case v != "" && version.Compare(v, "go1.24") >= 0:
		name, edits, ok := importedAt(pass, file, pos, "crypto/rand", "rand")
		return tokenExpr{expr: name + ".Text()", path: "crypto/rand"}, edits, ok
	case v != "" && version.Compare(v, "go1.20") >= 0:
		pkg, format = "math/rand", "%s.FormatUint(%s.Uint64(), 36)"
	case v != "" && version.Compare(v, "go1.14") >= 0:
		pkg, format = "hash/maphash", "%s.FormatUint(new(%s.Hash).Sum64(), 36)"
	case v != "":
		return oldGoToken(pass, file, pos)
	default:
		return tokenExpr{}, nil, false
	}
	name, edits, ok := importedAt(pass, file, pos, pkg, path.Base(pkg))
	conv, more, ok2 := importedAt(pass, file, pos, "strconv", "strconv")
	return tokenExpr{expr: fmt.Sprintf(format, conv, name), path: pkg, conv: "strconv"}, append(edits, more...), ok && ok2
}

// oldGoToken is freshToken before Go 1.14, which has no random source an
// expression can read: 16 bytes of crypto/rand, hex-encoded, in a function
// literal called in place (gofmt keeps it on one line). A failed read
// leaves zeros, as crypto/rand has not failed on a supported system.
func oldGoToken(pass *analysis.Pass, file *ast.File, pos token.Pos) (tokenExpr, []analysis.TextEdit, bool) {
	name, edits, ok := importedAt(pass, file, pos, "crypto/rand", "rand")
	hex, more, ok2 := importedAt(pass, file, pos, "encoding/hex", "hex")
	expr := fmt.Sprintf("func() string { b := make([]byte, 16); _, _ = %s.Read(b); return %s.EncodeToString(b) }()", name, hex)
	return tokenExpr{expr: expr, path: "crypto/rand", conv: "encoding/hex"}, append(edits, more...), ok && ok2
}

// A tokenExpr is the expression of a fresh token and the import paths it
// names.
type tokenExpr struct {
	expr       string
	path, conv string // conv: the package that formats it (strconv, encoding/hex), if any
}

// importedAt returns the name that denotes the package path at pos in
// file: the file's own import of it, or def, imported by the edits, when
// nothing at pos is named def. False when the name is taken.
func importedAt(pass *analysis.Pass, file *ast.File, pos token.Pos, path, def string) (string, []analysis.TextEdit, bool) {
	scope := pass.Pkg.Scope().Innermost(pos)
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			name := def
			if imp.Name != nil {
				name = imp.Name.Name
			}
			pn, ok := lookup(scope, name, pos).(*types.PkgName)
			return name, nil, ok && pn.Imported().Path() == path
		}
	}
	if scope == nil || lookup(scope, def, pos) != nil {
		return "", nil, false
	}
	_, edits := fixedit.AddImport(pass.Fset, file, path)
	return def, edits, true
}

// lookup finds name from scope at pos, or nil.
func lookup(scope *types.Scope, name string, pos token.Pos) types.Object {
	if scope == nil {
		return nil
	}
	_, obj := scope.LookupParent(name, pos)
	return obj
}

// fileVersion returns the Go version file is compiled for: its own
// //go:build version, else the module's.
func fileVersion(pass *analysis.Pass, file *ast.File) string {
	if v := pass.TypesInfo.FileVersions[file]; v != "" {
		return v
	}
	return pass.Pkg.GoVersion()
}

// takesString reports whether the constant value, a direct argument of a
// call within the acquire cmd, is passed for a parameter that a string
// can be passed for (an interface, a string): the fresh token is one.
func takesString(pass *analysis.Pass, cmd *ast.CallExpr, value ast.Expr) bool {
	ok := false
	ast.Inspect(cmd, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall || ok {
			return !ok
		}
		sig, _ := pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
		for i, arg := range call.Args {
			if ast.Unparen(arg) == value && sig != nil {
				ok = types.AssignableTo(types.Typ[types.String], paramType(sig, i))
			}
		}
		return true
	})
	return ok
}

// paramType is the type of the parameter argument i is passed for.
func paramType(sig *types.Signature, i int) types.Type {
	params := sig.Params()
	if sig.Variadic() && i >= params.Len()-1 {
		return params.At(params.Len() - 1).Type().(*types.Slice).Elem()
	}
	if i >= params.Len() {
		return types.Typ[types.Invalid]
	}
	return params.At(i).Type()
}
