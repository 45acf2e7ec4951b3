package setnxexpire

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// hoistTTL returns the edits that move the statements computing the
// expire's TTL from between the acquire and the expire to right before
// the acquire, so that the acquire can take the TTL (foldTTL): a TTL
// clamped or converted after the acquire succeeded,
//
//	ok, err := rdb.SetNX(ctx, key, v, 0).Result()
//	if err != nil {...}
//	if ttl < time.Second {
//		ttl = time.Second
//	}
//	rdb.Expire(ctx, key, ttl)
//
// has the clamp moved above the SetNX. The statements moved must have no
// effect but on locals (hoistable), must not read what the acquire or the
// statements that stay assign, and must not touch a variable those read
// or assign; every variable the TTL reads is then assigned, between the
// acquire and the expire, by moved statements only (unchangedSince). It
// returns false when the TTL cannot be made available at the acquire so.
func hoistTTL(pass *analysis.Pass, acq, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	block, aStmt := fixedit.BlockStmt(acq.Stack)
	eBlock, eStmt := fixedit.BlockStmt(exp.Stack)
	info := pass.TypesInfo
	if block == nil || block != eBlock || !pureExpr(info, exp.TTL) {
		return nil, false
	}
	i, j := slices.Index(block.List, aStmt), slices.Index(block.List, eStmt)
	if i < 0 || j <= i {
		return nil, false
	}
	needed := localsRead(info, exp.TTL)
	var moved, stay []ast.Stmt
	for k := j - 1; k > i; k-- {
		s := block.List[k]
		if !overlaps(localsWritten(info, s), needed) {
			stay = append(stay, s)
			continue
		}
		if !hoistable(info, s) {
			return nil, false
		}
		moved = append([]ast.Stmt{s}, moved...)
		for v := range localsRead(info, s) {
			needed[v] = true
		}
	}
	if len(moved) == 0 || !independent(info, aStmt, moved, stay) {
		return nil, false
	}
	for v := range needed {
		if !unchangedSince(info, acq.Func.Decl.Body, v, aStmt, exp.Expr, moved) {
			return nil, false
		}
	}
	return moveBefore(pass, acq.Func.File, block, aStmt, moved)
}

// independent reports whether moving the statements of moved before
// aStmt keeps every value the same: they read nothing aStmt or the
// statements that stay write, write nothing those read or write, and
// declare no name those use.
func independent(info *types.Info, aStmt ast.Stmt, moved, stay []ast.Stmt) bool {
	others := append([]ast.Stmt{aStmt}, stay...)
	mw, mr, ow, or := map[*types.Var]bool{}, map[*types.Var]bool{}, map[*types.Var]bool{}, map[*types.Var]bool{}
	for _, s := range moved {
		merge(mw, localsWritten(info, s))
		merge(mr, localsRead(info, s))
	}
	for _, s := range others {
		merge(ow, localsWritten(info, s))
		merge(or, localsRead(info, s))
	}
	if overlaps(mr, ow) || overlaps(mw, ow) || overlaps(mw, or) {
		return false
	}
	for _, s := range others {
		for _, m := range moved {
			if declaresNameUsedIn(info, m, s) {
				return false
			}
		}
	}
	return true
}

// declaresNameUsedIn reports whether m declares a name that appears in s
// for another object: moved above s, the declaration would capture it.
func declaresNameUsedIn(info *types.Info, m, s ast.Stmt) bool {
	names := map[string]types.Object{}
	ast.Inspect(m, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Defs[id] != nil {
			names[id.Name] = info.Defs[id]
		}
		return true
	})
	clash := false
	ast.Inspect(s, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj, declared := names[id.Name]; declared && info.ObjectOf(id) != obj {
				clash = true
			}
		}
		return !clash
	})
	return clash
}

// hoistable reports whether s may run earlier with the same effect: an
// assignment to locals, a declaration of locals, or an if of those with
// no init, built from pure expressions (pureExpr).
func hoistable(info *types.Info, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			if id, ok := l.(*ast.Ident); !ok || localVar(info, id) == nil {
				return false
			}
		}
		return allPure(info, s.Rhs)
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return false
		}
		for _, spec := range gd.Specs {
			if vs, ok := spec.(*ast.ValueSpec); !ok || !allPure(info, vs.Values) {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		if s.Init != nil || !pureExpr(info, s.Cond) || !allHoistable(info, s.Body.List) {
			return false
		}
		switch e := s.Else.(type) {
		case nil:
			return true
		case *ast.BlockStmt:
			return allHoistable(info, e.List)
		case *ast.IfStmt:
			return hoistable(info, e)
		}
	}
	return false
}

func allHoistable(info *types.Info, list []ast.Stmt) bool {
	return !slices.ContainsFunc(list, func(s ast.Stmt) bool { return !hoistable(info, s) })
}

func allPure(info *types.Info, list []ast.Expr) bool {
	return !slices.ContainsFunc(list, func(e ast.Expr) bool { return !pureExpr(info, e) })
}

// pureExpr reports whether evaluating e has no effect and cannot panic:
// no calls but conversions, min and max, and the methods of
// time.Duration; no receives, closures, index expressions, pointer
// indirections or divisions by a variable.
func pureExpr(info *types.Info, e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			ok = pureCall(info, n)
		case *ast.FuncLit, *ast.IndexExpr, *ast.IndexListExpr, *ast.StarExpr, *ast.TypeAssertExpr, *ast.SliceExpr:
			ok = false
		case *ast.UnaryExpr:
			ok = n.Op != token.ARROW && n.Op != token.AND
		case *ast.BinaryExpr:
			if n.Op == token.QUO || n.Op == token.REM {
				tv := info.Types[n.Y]
				ok = tv.Value != nil || !isInteger(tv.Type)
			}
		}
		return ok
	})
	return ok
}

func pureCall(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	switch fn := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "min" || fn.Name() == "max"
	case *types.Func:
		recv := fn.Signature().Recv()
		if recv == nil {
			return false
		}
		named, ok := recv.Type().(*types.Named)
		return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Duration"
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// unchangedSince reports whether v holds, at the expire, the value it
// holds right before aStmt once moved is moved there: declared before
// aStmt or by a moved statement, assigned from aStmt to the expire by
// moved statements only, and out of reach of closures and pointers.
func unchangedSince(info *types.Info, body *ast.BlockStmt, v *types.Var, aStmt ast.Stmt, exp *ast.CallExpr, moved []ast.Stmt) bool {
	inMoved := func(pos token.Pos) bool {
		return slices.ContainsFunc(moved, func(s ast.Stmt) bool { return s.Pos() <= pos && pos < s.End() })
	}
	if v.Pos() >= aStmt.Pos() && !inMoved(v.Pos()) {
		return false // declared after the acquire, by a statement that stays
	}
	changed := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			changed = changed || analysisutil.Uses(info, n, v)
			return false
		case *ast.UnaryExpr:
			changed = changed || n.Op == token.AND && analysisutil.Uses(info, n.X, v)
		}
		return !changed
	})
	writeSites(info, body, func(at ast.Node, w *types.Var) {
		changed = changed || w == v && at.Pos() >= aStmt.Pos() && at.End() <= exp.End() && !inMoved(at.Pos())
	})
	return !changed
}

// writeSites calls f with each assignment in root to a local variable
// (localVar) and the variable: =, :=, op=, ++ and --, range and var
// declarations.
func writeSites(info *types.Info, root ast.Node, f func(at ast.Node, v *types.Var)) {
	ast.Inspect(root, func(n ast.Node) bool {
		var lhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{n.X}
		case *ast.RangeStmt:
			lhs = []ast.Expr{n.Key, n.Value}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
		}
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok {
				if v := localVar(info, id); v != nil {
					f(n, v)
				}
			}
		}
		return true
	})
}

// localsWritten returns the local variables n assigns (writeSites).
func localsWritten(info *types.Info, n ast.Node) map[*types.Var]bool {
	set := map[*types.Var]bool{}
	writeSites(info, n, func(_ ast.Node, v *types.Var) { set[v] = true })
	return set
}

// localsRead returns the local variables named in n (an assignment's
// left-hand side included: a superset of what it reads).
func localsRead(info *types.Info, n ast.Node) map[*types.Var]bool {
	set := map[*types.Var]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil {
			if v := localVar(info, id); v != nil {
				set[v] = true
			}
		}
		return true
	})
	return set
}

// localVar returns the variable id names when it is a local variable or
// a parameter of a function (rediscall.IsLocal), or nil.
func localVar(info *types.Info, id *ast.Ident) *types.Var {
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || !rediscall.IsLocal(v) {
		return nil
	}
	return v
}

func overlaps(a, b map[*types.Var]bool) bool {
	for v := range a {
		if b[v] {
			return true
		}
	}
	return false
}

func merge(into, from map[*types.Var]bool) {
	for v := range from {
		into[v] = true
	}
}

// moveBefore returns the edits that move the statements of moved, each
// on lines of its own with the comment directly above it, in their order
// to the lines right before aStmt and its own comment.
func moveBefore(pass *analysis.Pass, file *ast.File, block *ast.BlockStmt, aStmt ast.Stmt, moved []ast.Stmt) ([]analysis.TextEdit, bool) {
	at, ok := fixedit.DeleteStmt(pass.Fset, file, block, aStmt)
	if !ok {
		return nil, false
	}
	tf := pass.Fset.File(aStmt.Pos())
	var text string
	var edits []analysis.TextEdit
	for k, s := range moved {
		del, ok := fixedit.DeleteStmt(pass.Fset, file, block, s)
		lines, textOK := fixedit.Between(pass, del.Pos, del.End)
		if !ok || !textOK {
			return nil, false
		}
		if k > 0 && tf.Line(del.Pos) > tf.Line(edits[k-1].End) {
			text += "\n" // they were apart: a blank line keeps them so
		}
		text += lines
		edits = append(edits, del)
	}
	return append(edits, analysis.TextEdit{Pos: at.Pos, End: at.Pos, NewText: []byte(text)}), true
}
