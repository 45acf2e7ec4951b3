package releasectx

import (
	"go/ast"
	"go/token"
	"go/types"
)

// condition returns the context a branch condition shows done on its
// true edge (onTrue) or on its false edge: ctx.Err() != nil,
// context.Cause(ctx) != nil, errors.Is(ctx.Err(), context.Canceled),
// ctx.Err() == context.DeadlineExceeded, the same with err :=
// ctx.Err(), on the true edge; ctx.Err() == nil on the false one; !
// swaps the edges, && and || combine them (go/cfg leaves them in one
// condition). A case value of a tagged switch on such an error is its
// comparison with the tag. st holds before the condition; an error
// returned by any other call proves nothing (it may come from a context
// the callee made).
func (f *flow) condition(cond ast.Expr, st *state) (k ctxKey, ev evidence, onTrue, ok bool) {
	if sw, ok := f.cases[cond]; ok {
		return f.caseValue(sw, cond, st)
	}
	e := f.shows(cond, st)
	text := types.ExprString(cond)
	switch {
	case e.onTrue != nil:
		return e.onTrue.key, evidence{pos: cond.Pos(), text: text, note: e.onTrue.alias}, true, true
	case e.onFalse != nil:
		return e.onFalse.key, evidence{pos: cond.Pos(), text: text + " is false", note: e.onFalse.alias}, false, true
	}
	return ctxKey{}, evidence{}, false, false
}

// A shown is a context a condition shows done on one of its edges;
// alias is ", err being ctx.Err()" when the error was stored first.
type shown struct {
	key   ctxKey
	alias string
}

// edges is what a condition shows on each edge.
type edges struct{ onTrue, onFalse *shown }

func (f *flow) shows(cond ast.Expr, st *state) edges {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			e := f.shows(c.X, st)
			return edges{e.onFalse, e.onTrue}
		}
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND: // true: both are; false: one is
			x, y := f.shows(c.X, st), f.shows(c.Y, st)
			return edges{either(x.onTrue, y.onTrue), both(x.onFalse, y.onFalse)}
		case token.LOR:
			x, y := f.shows(c.X, st), f.shows(c.Y, st)
			return edges{both(x.onTrue, y.onTrue), either(x.onFalse, y.onFalse)}
		case token.EQL, token.NEQ:
			return f.comparison(c, st)
		}
	case *ast.CallExpr:
		if isFunc(calleeFunc(f.info, c), "errors", "Is") && len(c.Args) == 2 && f.isContextErr(c.Args[1]) {
			if k, alias, ok := f.errOfText(c.Args[0], st); ok {
				return edges{onTrue: &shown{k, alias}}
			}
		}
	}
	return edges{}
}

// comparison is shows for err == nil, err != nil, err == context.Canceled
// and the like, either way round.
func (f *flow) comparison(c *ast.BinaryExpr, st *state) edges {
	for _, pair := range [2][2]ast.Expr{{c.X, c.Y}, {c.Y, c.X}} {
		k, alias, ok := f.errOfText(pair[0], st)
		if !ok {
			continue
		}
		s := &shown{k, alias}
		switch {
		case f.isNil(pair[1]) && c.Op == token.NEQ, f.isContextErr(pair[1]) && c.Op == token.EQL:
			return edges{onTrue: s}
		case f.isNil(pair[1]), f.isContextErr(pair[1]):
			return edges{onFalse: s}
		}
	}
	return edges{}
}

func either(x, y *shown) *shown {
	if x != nil {
		return x
	}
	return y
}

// both returns x when y shows the same context, else nil.
func both(x, y *shown) *shown {
	if x != nil && y != nil && x.key == y.key {
		return x
	}
	return nil
}

// caseValue is condition for the case value v of the tagged switch sw:
// case context.Canceled holds on its true edge, case nil on its false
// one.
func (f *flow) caseValue(sw *ast.SwitchStmt, v ast.Expr, st *state) (ctxKey, evidence, bool, bool) {
	k, alias, ok := f.errOfText(sw.Tag, st)
	switch {
	case !ok:
	case f.isContextErr(v):
		return k, evidence{pos: v.Pos(), text: "case " + types.ExprString(v), note: alias}, true, true
	case f.isNil(v):
		return k, evidence{pos: v.Pos(), text: "switch " + types.ExprString(sw.Tag) + " past case nil", note: alias}, false, true
	}
	return ctxKey{}, evidence{}, false, false
}

// errOf returns the context whose error e is, and how it was written:
// ctx.Err(), context.Cause(ctx), or a variable that holds one.
func (f *flow) errOf(e ast.Expr, st *state) (errSource, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if k, ok := f.contextMethod(e, "Err"); ok {
			return errSource{k, types.ExprString(e)}, true
		}
		if isFunc(calleeFunc(f.info, e), "context", "Cause") && len(e.Args) == 1 {
			k, ok := f.key(e.Args[0])
			return errSource{k, types.ExprString(e)}, ok
		}
	case *ast.Ident:
		if v, ok := f.info.Uses[e].(*types.Var); ok {
			src, ok := st.errOf[v]
			return src, ok
		}
	}
	return errSource{}, false
}

// errOfText is errOf with the note a message gives a variable: ", err
// being ctx.Err()".
func (f *flow) errOfText(e ast.Expr, st *state) (ctxKey, string, bool) {
	src, ok := f.errOf(e, st)
	if !ok {
		return ctxKey{}, "", false
	}
	if id, isVar := ast.Unparen(e).(*ast.Ident); isVar {
		return src.key, ", " + id.Name + " being " + src.expr, true
	}
	return src.key, "", true
}

func (f *flow) isNil(e ast.Expr) bool {
	tv, ok := f.info.Types[e]
	return ok && tv.IsNil()
}

// isContextErr reports whether e is context.Canceled or
// context.DeadlineExceeded.
func (f *flow) isContextErr(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := f.info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "context" && (v.Name() == "Canceled" || v.Name() == "DeadlineExceeded")
}
