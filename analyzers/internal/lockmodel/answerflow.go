package lockmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
)

// The flow of an answer inside a wrapper: from the variables that hold it
// (or the expression that reads it inline) to the wrapper's results.

// holders returns v and the locals of body assigned from it (ok2 := ok),
// and from those, a few steps deep.
func (m *Model) holders(body *ast.BlockStmt, v *types.Var) map[*types.Var]bool {
	hs := map[*types.Var]bool{v: true}
	for range 3 {
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, r := range as.Rhs {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok && hs[m.varOf(id)] {
					if lv := analysisutil.VarOf(m.pass.TypesInfo, as.Lhs[i]); lv != nil {
						hs[lv] = true
					}
				}
			}
			return true
		})
	}
	return hs
}

func (m *Model) varOf(id *ast.Ident) *types.Var {
	v, _ := m.pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// mentions reports whether e reads a holder or contains the expression
// inline.
func (m *Model) mentions(e ast.Node, hs map[*types.Var]bool, inline ast.Expr) bool {
	return analysisutil.Find(e, func(n ast.Node) (bool, bool) {
		if id, ok := n.(*ast.Ident); ok && hs[m.varOf(id)] {
			return true, false
		}
		return inline != nil && n == inline, true
	})
}

// flowsTo returns the lowest index of fn's results that a return fills
// with the answer: a holder itself (whole) or an expression of it (n ==
// 1, fmt.Errorf("%w", err)); failing that, the lowest that a return under
// a test of the answer sets (see convertedTo); -1 when none.
func (m *Model) flowsTo(fn *Func, hs map[*types.Var]bool, inline ast.Expr) (int, bool) {
	sig := fn.Obj.Signature()
	best, whole := -1, false
	keep := func(j int, w bool) {
		if best < 0 || j < best {
			best, whole = j, w
		}
	}
	eachReturn(fn.Decl.Body, func(ret *ast.ReturnStmt) {
		if len(ret.Results) == 0 {
			for j := range sig.Results().Len() {
				if hs[sig.Results().At(j)] {
					keep(j, true)
				}
			}
		}
		if len(ret.Results) != sig.Results().Len() {
			return
		}
		for j, e := range ret.Results {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok && hs[m.varOf(id)] {
				keep(j, true)
			} else if m.mentions(e, hs, inline) {
				keep(j, false)
			}
		}
	})
	if best >= 0 {
		return best, whole
	}
	return m.convertedTo(fn, hs, inline), false
}

// recordsAnswer reports whether fn keeps the answer in state that
// outlives the call: it assigns a field, an element or a package variable
// from an expression of the answer, or once it has tested the answer, in
// the if or after it (if !ok { return false }; t.claimed[id] =
// time.Now()).
func (m *Model) recordsAnswer(fn *Func, hs map[*types.Var]bool, inline ast.Expr) bool {
	tested := token.NoPos
	found := false
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if tested == token.NoPos && m.mentions(n.Cond, hs, inline) {
				tested = n.Cond.End()
			}
		case *ast.AssignStmt:
			if m.storesOutside(n) && (m.mentions(n, hs, inline) || (tested != token.NoPos && n.Pos() > tested)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// storesOutside reports whether as assigns a field, an element of a map
// or slice, a pointed-to value or a package variable.
func (m *Model) storesOutside(as *ast.AssignStmt) bool {
	for _, l := range as.Lhs {
		switch l := ast.Unparen(l).(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
			return true
		case *ast.Ident:
			if v := m.varOf(l); v != nil && v.Parent() == m.pass.Pkg.Scope() {
				return true
			}
		}
	}
	return false
}

// convertedTo returns the lowest index of fn's results, a bool or an
// error, that tells the caller the answer in its own words: returned
// under an if that tests the answer (if !ok { return ErrLocked }, if !ok
// { return false }), or, when that if returns success (if ok { return nil
// }), returned non-nil by a later return (the retry loop's return
// ErrTimeout). A nil error under the test is the wrapper swallowing the
// answer, and a *Task or a report carries nothing.
func (m *Model) convertedTo(fn *Func, hs map[*types.Var]bool, inline ast.Expr) int {
	results := fn.Obj.Signature().Results()
	best := -1
	keep := func(j int) {
		if best < 0 || j < best {
			best = j
		}
	}
	eachIf(fn.Decl.Body, func(ifs *ast.IfStmt) {
		if !m.mentions(ifs.Cond, hs, inline) {
			return
		}
		eachReturn(ifs.Body, func(ret *ast.ReturnStmt) {
			if len(ret.Results) != results.Len() {
				return
			}
			for j, e := range ret.Results {
				t := results.At(j).Type()
				switch {
				case isBool(t), analysisutil.IsError(t) && !isNil(m.pass.TypesInfo, e):
					keep(j)
				case analysisutil.IsError(t) && m.failsLater(fn, ifs, j):
					keep(j)
				}
			}
		})
	})
	return best
}

// failsLater reports whether a return after ifs, outside it, sets fn's
// error result j to something other than nil.
func (m *Model) failsLater(fn *Func, ifs *ast.IfStmt, j int) bool {
	found := false
	eachReturn(fn.Decl.Body, func(ret *ast.ReturnStmt) {
		if ret.Pos() > ifs.End() && j < len(ret.Results) && !isNil(m.pass.TypesInfo, ret.Results[j]) {
			found = true
		}
	})
	return found
}

// eachReturn calls f on every return statement of body that returns from
// body's function (not from a function literal in it).
func eachReturn(body ast.Node, f func(*ast.ReturnStmt)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			f(n)
		}
		return true
	})
}

// eachIf calls f on every if statement of body outside function literals.
func eachIf(body ast.Node, f func(*ast.IfStmt)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			f(n)
		}
		return true
	})
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}
