package analysisutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestVarOf_definedUsedAndBlank(t *testing.T) {
	const src = "package p\nfunc f() int { x := 1; _ = x; x = 2; return x }\n"
	file, info := typeCheck(t, src)
	body := file.Decls[0].(*ast.FuncDecl).Body.List
	def := VarOf(info, body[0].(*ast.AssignStmt).Lhs[0])
	if def == nil || def.Name() != "x" {
		t.Fatalf("VarOf(x :=) = %v, want x", def)
	}
	if blank := VarOf(info, body[1].(*ast.AssignStmt).Lhs[0]); blank != nil {
		t.Errorf("VarOf(_) = %v, want nil", blank)
	}
	if use := VarOf(info, body[2].(*ast.AssignStmt).Lhs[0]); use != def {
		t.Errorf("VarOf(x =) = %v, want the x defined", use)
	}
	if ret := VarOf(info, body[3].(*ast.ReturnStmt).Results[0]); ret != def {
		t.Errorf("VarOf(return x) = %v, want the x defined", ret)
	}
}

// typeCheck parses and type-checks src, a file of package p, recording
// types, definitions and uses.
func typeCheck(t *testing.T, src string) (*ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	return file, info
}
