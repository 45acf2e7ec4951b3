package analysisutil

import (
	"go/ast"
	"go/types"
	"testing"
)

func TestNextStmtAndIsNonNilTest(t *testing.T) {
	const src = `package p
func f(e error) error {
	err := e
	if err != nil { return err }
	if nil != err { return err }
	if err == nil { return nil }
	if e != nil { return e }
	return nil
}
`
	file, info := typeCheck(t, src)
	body := file.Decls[0].(*ast.FuncDecl).Body
	list := body.List
	if got := NextStmt(body, list[0]); got != list[1] {
		t.Errorf("NextStmt(first) = %v, want the second statement", got)
	}
	if got := NextStmt(body, list[len(list)-1]); got != nil {
		t.Errorf("NextStmt(last) = %v, want nil", got)
	}
	const sel = `package p
func g(c chan int) {
	select {
	case v := <-c:
		_ = v
		close(c)
	}
}
`
	file, _ = typeCheck(t, sel)
	clause := file.Decls[0].(*ast.FuncDecl).Body.List[0].(*ast.SelectStmt).Body.List[0].(*ast.CommClause)
	if got := NextStmt(clause, clause.Body[0]); got != clause.Body[1] {
		t.Errorf("NextStmt(first of a select case) = %v, want the second statement", got)
	}
	errVar := VarOf(info, list[0].(*ast.AssignStmt).Lhs[0])
	for i, want := range []bool{true, true, false, false} {
		cond := list[i+1].(*ast.IfStmt).Cond
		if got := IsNonNilTest(info, cond, errVar); got != want {
			t.Errorf("IsNonNilTest(%s) = %v, want %v", types.ExprString(cond), got, want)
		}
	}
}
