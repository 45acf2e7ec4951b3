package luascript

import (
	"strconv"

	"github.com/leasevet/leasevet/analyzers/internal/luascript/scriptexpr"
	"github.com/yuin/gopher-lua/ast"
)

// walker collects the ops of one script.
type walker struct {
	ops      []Op
	loops    int     // loop identities handed out so far
	breaks   []bool  // per enclosing loop: whether a break was seen
	funcs    int     // function literals around the current statement
	writes   int     // calls so far that may have created a key
	mismatch []Reply // per way out of the script where an owner check failed
}

func newWalker() *walker { return &walker{} }

// walkBlock walks stmts with the checks in and returns the checks holding
// when control falls off the end, and whether every path leaves the block
// early (return, error(), break, goto).
func (w *walker) walkBlock(stmts []ast.Stmt, in facts, sc *scriptexpr.Scope) (out facts, term bool) {
	cur := in
	for _, s := range stmts {
		next, t := w.walkStmt(s, cur, sc)
		cur, term = next, term || t
	}
	return cur, term
}

func (w *walker) walkStmt(s ast.Stmt, f facts, sc *scriptexpr.Scope) (facts, bool) {
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		f = w.walkExprs(s.Exprs, f, sc)
		bs := scriptexpr.BindingsOf(s.Names, s.Exprs, sc)
		for i, name := range s.Names {
			sc.Declare(name, bs[i])
		}
	case *ast.AssignStmt:
		return w.walkAssign(s, f, sc), false
	case *ast.FuncCallStmt:
		f = w.walkExpr(s.Expr, f, sc)
		if scriptexpr.IsErrorCall(s.Expr) {
			w.exit(f, ReplyError)
			return f, true
		}
	case *ast.DoBlockStmt:
		return w.walkBlock(s.Stmts, f, scriptexpr.NewScope(sc))
	case *ast.IfStmt:
		return w.walkIf(s, f, sc)
	case *ast.WhileStmt, *ast.RepeatStmt, *ast.NumberForStmt, *ast.GenericForStmt:
		return w.walkLoop(s, f, sc), false
	case *ast.FuncDefStmt:
		w.walkFunc(s.Func, sc)
	case *ast.ReturnStmt:
		f = w.walkExprs(s.Exprs, f, sc)
		w.exitReturn(f, s.Exprs, sc)
		return f, true
	case *ast.BreakStmt:
		if n := len(w.breaks); n > 0 {
			w.breaks[n-1] = true
		}
		return f, true
	case *ast.GotoStmt:
		return f, true
	case *ast.LabelStmt:
		// A goto may arrive here from anywhere: forget every check.
		return nil, false
	}
	return f, false
}

// walkLoop walks a loop. An iteration may follow the writes of the one
// before, so no key is known absent in the body or after the loop (the
// condition's own test still holds for the body it lets run).
func (w *walker) walkLoop(s ast.Stmt, f facts, sc *scriptexpr.Scope) facts {
	f = without(f, keyAbsent)
	switch s := s.(type) {
	case *ast.WhileStmt:
		in, t, _ := w.walkCond(s.Condition, f, sc)
		w.walkLoopBody(s.Stmts, union(in, t), scriptexpr.NewScope(sc))
	case *ast.RepeatStmt:
		body := scriptexpr.NewScope(sc)
		out, _, _ := w.walkLoopBody(s.Stmts, f, body)
		w.walkExpr(s.Condition, out, body)
	case *ast.NumberForStmt:
		f = w.walkNumberFor(s, f, sc)
	case *ast.GenericForStmt:
		f = w.walkGenericFor(s, f, sc)
	}
	return without(f, keyAbsent)
}

func (w *walker) walkAssign(s *ast.AssignStmt, f facts, sc *scriptexpr.Scope) facts {
	f = w.walkExprs(s.Rhs, f, sc)
	var names []string
	for _, lhs := range s.Lhs {
		if id, ok := lhs.(*ast.IdentExpr); ok {
			names = append(names, id.Value)
			continue
		}
		f = w.walkExpr(lhs, f, sc)
		names = append(names, "")
	}
	bs := scriptexpr.BindingsOf(names, s.Rhs, sc)
	for i, name := range names {
		if name != "" {
			sc.Assign(name, bs[i])
		}
	}
	return f
}

// walkIf joins the two branches: a branch that always leaves contributes
// nothing, so `if get(K) ~= ARGV[1] then return 0 end` guards what follows.
func (w *walker) walkIf(s *ast.IfStmt, f facts, sc *scriptexpr.Scope) (facts, bool) {
	f, t, fl := w.walkCond(s.Condition, f, sc)
	thenOut, thenTerm := w.walkBlock(s.Then, union(f, t), scriptexpr.NewScope(sc))
	elseOut, elseTerm := w.walkBlock(s.Else, union(f, fl), scriptexpr.NewScope(sc))
	switch {
	case thenTerm && elseTerm:
		return f, true
	case thenTerm:
		return elseOut, false
	case elseTerm:
		return thenOut, false
	}
	return intersect(thenOut, elseOut), false
}

// walkCond walks a condition and returns the facts after it and the facts
// that hold when it is true and when it is false. A key the condition saw
// absent may have been created by a write in the same condition
// (`get(k) == false and redis.call('set', k, v)`), so a condition that
// writes yields no absence.
func (w *walker) walkCond(cond ast.Expr, f facts, sc *scriptexpr.Scope) (out, whenTrue, whenFalse facts) {
	n := w.writes
	out = w.walkExpr(cond, f, sc)
	whenTrue, whenFalse = condFacts(cond, sc)
	if w.writes != n {
		whenTrue, whenFalse = without(whenTrue, keyAbsent), without(whenFalse, keyAbsent)
	}
	return out, whenTrue, whenFalse
}

// walkLoopBody walks a loop body and reports whether it contains a break
// for this loop.
func (w *walker) walkLoopBody(stmts []ast.Stmt, f facts, sc *scriptexpr.Scope) (out facts, term, broke bool) {
	w.breaks = append(w.breaks, false)
	out, term = w.walkBlock(stmts, f, sc)
	broke = w.breaks[len(w.breaks)-1]
	w.breaks = w.breaks[:len(w.breaks)-1]
	return out, term, broke
}

func (w *walker) newLoopKey() string {
	w.loops++
	return "loop" + strconv.Itoa(w.loops)
}

// walkNumberFor handles `for i = 1, #KEYS do ... KEYS[i] ... end`.
func (w *walker) walkNumberFor(s *ast.NumberForStmt, f facts, sc *scriptexpr.Scope) facts {
	f = w.walkExprs([]ast.Expr{s.Init, s.Limit, s.Step}, f, sc)
	id := w.newLoopKey()
	body := scriptexpr.NewScope(sc)
	body.Declare(s.Name, &scriptexpr.Binding{Kind: scriptexpr.Opaque})
	if scriptexpr.IsKeysLen(s.Limit) {
		body.Declare(s.Name, &scriptexpr.Binding{Kind: scriptexpr.LoopIndex, Key: id})
	}
	out, term, broke := w.walkLoopBody(s.Stmts, f, body)
	covers := scriptexpr.IsKeysLen(s.Limit) && scriptexpr.IsOne(s.Init) && (s.Step == nil || scriptexpr.IsOne(s.Step))
	return afterKeysLoop(f, covers && !term && !broke, id, out)
}

// walkGenericFor handles `for i, key in ipairs(KEYS)` and
// `for i, v in ipairs(vals)` where vals is an MGET of unpack(KEYS).
func (w *walker) walkGenericFor(s *ast.GenericForStmt, f facts, sc *scriptexpr.Scope) facts {
	f = w.walkExprs(s.Exprs, f, sc)
	id := w.newLoopKey()
	body := scriptexpr.NewScope(sc)
	for _, name := range s.Names {
		body.Declare(name, &scriptexpr.Binding{Kind: scriptexpr.Opaque})
	}
	covers := false
	if x, ok := scriptexpr.IteratedTable(s.Exprs); ok && len(s.Names) > 0 {
		value := &scriptexpr.Binding{Kind: scriptexpr.Opaque}
		switch b := sc.BindingOf(x); {
		case scriptexpr.IsIdent(x, "KEYS") && b == nil:
			value, covers = &scriptexpr.Binding{Kind: scriptexpr.KeyVal, Key: id}, true
		case b != nil && b.Kind == scriptexpr.MGetAll:
			value, covers = &scriptexpr.Binding{Kind: scriptexpr.ReadVal, Key: id}, true
		}
		if covers {
			body.Declare(s.Names[0], &scriptexpr.Binding{Kind: scriptexpr.LoopIndex, Key: id})
			if len(s.Names) > 1 {
				body.Declare(s.Names[1], value)
			}
		}
	}
	out, term, broke := w.walkLoopBody(s.Stmts, f, body)
	return afterKeysLoop(f, covers && !term && !broke, id, out)
}

// afterKeysLoop returns the checks after a loop over every KEYS element. If
// each iteration that completes has compared its element with ARGV[j], and
// no iteration can leave the loop early, then every key was checked.
func afterKeysLoop(f facts, complete bool, id string, bodyOut facts) facts {
	if !complete {
		return f
	}
	all := f
	for g := range bodyOut {
		if g.key == id && g.kind == ownerMatch {
			all = union(all, single(allKeys, g.token))
		}
	}
	return all
}

// walkFunc walks a function literal's body with no checks: it may be called
// from anywhere.
func (w *walker) walkFunc(fn *ast.FunctionExpr, sc *scriptexpr.Scope) {
	if fn == nil {
		return
	}
	body := scriptexpr.NewScope(sc)
	if fn.ParList != nil {
		for _, name := range fn.ParList.Names {
			body.Declare(name, &scriptexpr.Binding{Kind: scriptexpr.Opaque})
		}
	}
	saved := w.breaks
	w.breaks = nil
	w.funcs++
	w.walkBlock(fn.Stmts, nil, body)
	w.funcs--
	w.breaks = saved
}

func (w *walker) walkExprs(es []ast.Expr, f facts, sc *scriptexpr.Scope) facts {
	for _, e := range es {
		f = w.walkExpr(e, f, sc)
	}
	return f
}

// walkExpr records the ops in e, in evaluation order, and returns the
// facts after it. The right operand of `and` runs only when the left one
// is true (and of `or` only when it is false), so
// `return get(K) == ARGV[1] and redis.call('del', K)` is guarded; after
// the expression only the facts that held before it and survived either
// way remain.
func (w *walker) walkExpr(e ast.Expr, f facts, sc *scriptexpr.Scope) facts {
	switch e := e.(type) {
	case *ast.FuncCallExpr:
		return w.walkCall(e, f, sc)
	case *ast.LogicalOpExpr:
		f, t, fl := w.walkCond(e.Lhs, f, sc)
		side := fl
		if e.Operator == "and" {
			side = t
		}
		return intersect(f, w.walkExpr(e.Rhs, union(f, side), sc))
	case *ast.RelationalOpExpr:
		return w.walkExprs([]ast.Expr{e.Lhs, e.Rhs}, f, sc)
	case *ast.ArithmeticOpExpr:
		return w.walkExprs([]ast.Expr{e.Lhs, e.Rhs}, f, sc)
	case *ast.StringConcatOpExpr:
		return w.walkExprs([]ast.Expr{e.Lhs, e.Rhs}, f, sc)
	case *ast.UnaryMinusOpExpr:
		return w.walkExpr(e.Expr, f, sc)
	case *ast.UnaryNotOpExpr:
		return w.walkExpr(e.Expr, f, sc)
	case *ast.UnaryLenOpExpr:
		return w.walkExpr(e.Expr, f, sc)
	case *ast.AttrGetExpr:
		return w.walkExprs([]ast.Expr{e.Object, e.Key}, f, sc)
	case *ast.TableExpr:
		for _, field := range e.Fields {
			if field != nil {
				f = w.walkExprs([]ast.Expr{field.Key, field.Value}, f, sc)
			}
		}
	case *ast.FunctionExpr:
		w.walkFunc(e, sc)
	}
	return f
}

// walkCall records a redis.call after its arguments, and forgets every
// key seen absent when the call may create a key.
func (w *walker) walkCall(e *ast.FuncCallExpr, f facts, sc *scriptexpr.Scope) facts {
	f = w.walkExpr(e.Func, f, sc)
	f = w.walkExpr(e.Receiver, f, sc)
	f = w.walkExprs(e.Args, f, sc)
	if call, cmd, ok := scriptexpr.RedisCall(e); ok {
		w.record(call, cmd, f, sc)
	}
	if !scriptexpr.KeepsAbsence(e) {
		w.writes++
		f = without(f, keyAbsent)
	}
	return f
}

// record appends one op per key argument of a redis.call.
func (w *walker) record(call *ast.FuncCallExpr, cmd string, f facts, sc *scriptexpr.Scope) {
	keys := scriptexpr.KeyArgs(cmd, call.Args)
	if len(keys) == 0 {
		keys = []ast.Expr{nil}
	}
	for _, k := range keys {
		op := Op{Command: cmd, Line: call.Line()}
		var id string
		if k != nil {
			id, op.Key = scriptexpr.KeyOf(k, sc)
		}
		op.TokenArg, op.Guarded = guardFor(id, f)
		op.Absent = id != "" && has(f, keyAbsent, id)
		op.checked = checkedKeys(f)
		op.NX, op.TTL = scriptexpr.SetOptions(cmd, call.Args)
		op.ValueArg = scriptexpr.ValueArg(cmd, call.Args, sc)
		w.ops = append(w.ops, op)
	}
}

// checkedKeys returns the KEYS indexes with an owner check in f, as bits
// (bit 0: all of KEYS).
func checkedKeys(f facts) uint64 {
	var bits uint64
	for g := range f {
		if g.kind != ownerMatch {
			continue
		}
		if g.key == allKeys {
			bits |= 1
			continue
		}
		if n, ok := scriptexpr.KeyIndex(g.key); ok && n >= 1 && n <= 63 {
			bits |= 1 << uint(n)
		}
	}
	return bits
}
