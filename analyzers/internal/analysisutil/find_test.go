package analysisutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

const findSrc = `package p

func f(a, b int) int {
	go func() { _ = a }()
	if a > 0 {
		return b
	}
	return 0
}
`

func parseFind(t *testing.T) (*ast.FuncDecl, *types.Info, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", findSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	return file.Decls[0].(*ast.FuncDecl), info, pkg
}

func TestFind_stopsAtFirstHit(t *testing.T) {
	fn, _, _ := parseFind(t)
	visits := 0
	found := Find(fn.Body, func(n ast.Node) (bool, bool) {
		visits++
		_, isRet := n.(*ast.ReturnStmt)
		return isRet, true
	})
	if !found {
		t.Fatal("Find found no return statement")
	}
	after := 0
	Find(fn.Body, func(n ast.Node) (bool, bool) { after++; return false, true })
	if visits >= after {
		t.Errorf("Find visited %d nodes before its hit, the whole body has %d: it did not stop", visits, after)
	}
}

func TestFind_doesNotDescendWhenTold(t *testing.T) {
	fn, _, _ := parseFind(t)
	found := Find(fn.Body, func(n ast.Node) (bool, bool) {
		if _, ok := n.(*ast.GoStmt); ok {
			return false, false
		}
		_, isAssign := n.(*ast.AssignStmt)
		return isAssign, true
	})
	if found {
		t.Error("Find looked inside the go statement it was told to skip")
	}
}

func TestUses_paramsInAndOutOfTree(t *testing.T) {
	fn, info, pkg := parseFind(t)
	sig := pkg.Scope().Lookup("f").Type().(*types.Signature)
	a, b := sig.Params().At(0), sig.Params().At(1)
	ifs := fn.Body.List[1].(*ast.IfStmt)
	if !Uses(info, ifs.Cond, a) {
		t.Error("Uses(a > 0, a) = false, want true")
	}
	if Uses(info, ifs.Cond, b) {
		t.Error("Uses(a > 0, b) = true, want false")
	}
}
