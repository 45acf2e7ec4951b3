package releaseresult

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

const safelockPath = "github.com/leasevet/leasevet/safelock"

// notOwnerFix rewrites `return <script>.Err()` (go-redis v9), in a
// function whose only result is an error, to read the integer reply and
// return safelock.ErrNotOwner on 0. Only this shape has a clear fix: the
// function already reports failure through its error, and "not the owner"
// is a failure of the release.
func notOwnerFix(pass *analysis.Pass, op *lockmodel.Op, ans answer, use replyUsage) (analysis.SuggestedFix, bool) {
	if ans != zeroReply || use != errMethod || op.Client != rediscall.GoRedisV9 {
		return analysis.SuggestedFix{}, false
	}
	ret, ok := returnOfErr(op.Stack)
	if !ok || !returnsOnlyError(pass.TypesInfo, op.Stack) || declaredHere(pass, ret.Pos(), "reply") {
		return analysis.SuggestedFix{}, false
	}
	read, ok := integerReply(pass.TypesInfo.TypeOf(op.Expr))
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	file := op.Func.File
	name, edits := fixedit.AddImport(pass.Fset, file, safelockPath)
	indent := strings.Repeat("\t", pass.Fset.Position(ret.Pos()).Column-1)
	tail := read + "\n" +
		indent + "if err != nil {\n" + indent + "\treturn err\n" + indent + "}\n" +
		indent + "if reply == 0 {\n" + indent + "\treturn " + name + ".ErrNotOwner\n" + indent + "}\n" +
		indent + "return nil"
	edits = append(edits,
		analysis.TextEdit{Pos: ret.Pos(), End: op.Expr.Pos(), NewText: []byte("reply, err := ")},
		analysis.TextEdit{Pos: op.Expr.End(), End: ret.End(), NewText: []byte(tail)})
	return analysis.SuggestedFix{Message: "Return safelock.ErrNotOwner when Redis replies 0", TextEdits: edits}, true
}

// integerReply returns the method that reads a command's reply as an
// int64 with its error: (*Cmd).Int64 for scripts, (*IntCmd).Result for
// DELEX. Other reply types get no fix.
func integerReply(t types.Type) (string, bool) {
	p, ok := t.(*types.Pointer)
	if !ok {
		return "", false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok {
		return "", false
	}
	switch n.Obj().Name() {
	case "Cmd":
		return ".Int64()", true
	case "IntCmd":
		return ".Result()", true
	}
	return "", false
}

// returnOfErr returns the statement `return <call>.Err()` around the call
// at the top of stack.
func returnOfErr(stack []ast.Node) (*ast.ReturnStmt, bool) {
	n := len(stack)
	if n < 4 {
		return nil, false
	}
	ret, ok := stack[n-4].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 || ret.Results[0] != stack[n-3] {
		return nil, false
	}
	return ret, true
}

// returnsOnlyError reports whether the innermost function around the top
// of stack has the single result type error.
func returnsOnlyError(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		var ft *ast.FuncType
		switch f := stack[i].(type) {
		case *ast.FuncLit:
			ft = f.Type
		case *ast.FuncDecl:
			ft = f.Type
		default:
			continue
		}
		if ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 {
			return false
		}
		return analysisutil.IsError(info.TypeOf(ft.Results.List[0].Type))
	}
	return false
}

// declaredHere reports whether name is declared in the innermost scope at
// pos, where `reply, err :=` would then not declare it.
func declaredHere(pass *analysis.Pass, pos token.Pos, name string) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	return scope == nil || scope.Lookup(name) != nil
}
