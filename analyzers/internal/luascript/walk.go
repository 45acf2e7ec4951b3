package luascript

import (
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// bindKind says what a Lua variable is known to hold.
type bindKind int

const (
	opaque    bindKind = iota // nothing useful
	keyVal                    // a KEYS element: key, index
	tokenVal                  // ARGV[token]
	readVal                   // the value stored at key
	memberVal                 // HEXISTS/SISMEMBER of ARGV[token] at key
	loopIndex                 // the index of a loop over KEYS: KEYS[i] is key
	mgetAll                   // MGET of unpack(KEYS): element i is KEYS[i]'s value
	probeVal                  // EXISTS/TTL/PTTL of key: can say it is absent
)

type binding struct {
	kind  bindKind
	key   string
	index int
	token int
	cmd   string // for readVal and probeVal: the command, when it can say the key is absent
}

// scope maps variable names to what they hold. Every assignment makes a new
// binding, so that a check recorded for a key identity never carries over to
// a variable that was reassigned.
type scope struct {
	parent *scope
	vars   map[string]*binding
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent, vars: map[string]*binding{}}
}

// bindingOf returns the binding of e when e is a variable, or nil.
func (sc *scope) bindingOf(e ast.Expr) *binding {
	id, ok := e.(*ast.IdentExpr)
	if !ok {
		return nil
	}
	for s := sc; s != nil; s = s.parent {
		if b, ok := s.vars[id.Value]; ok {
			return b
		}
	}
	return nil
}

// assign rebinds name where it is declared, or as a global at the root.
func (sc *scope) assign(name string, b *binding) {
	s := sc
	for ; s.parent != nil; s = s.parent {
		if _, ok := s.vars[name]; ok {
			break
		}
	}
	s.vars[name] = b
}

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
func (w *walker) walkBlock(stmts []ast.Stmt, in facts, sc *scope) (out facts, term bool) {
	cur := in
	for _, s := range stmts {
		next, t := w.walkStmt(s, cur, sc)
		cur, term = next, term || t
	}
	return cur, term
}

func (w *walker) walkStmt(s ast.Stmt, f facts, sc *scope) (facts, bool) {
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		f = w.walkExprs(s.Exprs, f, sc)
		bs := bindingsOf(s.Names, s.Exprs, sc)
		for i, name := range s.Names {
			sc.vars[name] = bs[i]
		}
	case *ast.AssignStmt:
		return w.walkAssign(s, f, sc), false
	case *ast.FuncCallStmt:
		f = w.walkExpr(s.Expr, f, sc)
		if isErrorCall(s.Expr) {
			w.exit(f, ReplyError)
			return f, true
		}
	case *ast.DoBlockStmt:
		return w.walkBlock(s.Stmts, f, newScope(sc))
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
func (w *walker) walkLoop(s ast.Stmt, f facts, sc *scope) facts {
	f = without(f, keyAbsent)
	switch s := s.(type) {
	case *ast.WhileStmt:
		in, t, _ := w.walkCond(s.Condition, f, sc)
		w.walkLoopBody(s.Stmts, union(in, t), newScope(sc))
	case *ast.RepeatStmt:
		body := newScope(sc)
		out, _, _ := w.walkLoopBody(s.Stmts, f, body)
		w.walkExpr(s.Condition, out, body)
	case *ast.NumberForStmt:
		f = w.walkNumberFor(s, f, sc)
	case *ast.GenericForStmt:
		f = w.walkGenericFor(s, f, sc)
	}
	return without(f, keyAbsent)
}

func (w *walker) walkAssign(s *ast.AssignStmt, f facts, sc *scope) facts {
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
	bs := bindingsOf(names, s.Rhs, sc)
	for i, name := range names {
		if name != "" {
			sc.assign(name, bs[i])
		}
	}
	return f
}

// walkIf joins the two branches: a branch that always leaves contributes
// nothing, so `if get(K) ~= ARGV[1] then return 0 end` guards what follows.
func (w *walker) walkIf(s *ast.IfStmt, f facts, sc *scope) (facts, bool) {
	f, t, fl := w.walkCond(s.Condition, f, sc)
	thenOut, thenTerm := w.walkBlock(s.Then, union(f, t), newScope(sc))
	elseOut, elseTerm := w.walkBlock(s.Else, union(f, fl), newScope(sc))
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
func (w *walker) walkCond(cond ast.Expr, f facts, sc *scope) (out, whenTrue, whenFalse facts) {
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
func (w *walker) walkLoopBody(stmts []ast.Stmt, f facts, sc *scope) (out facts, term, broke bool) {
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
func (w *walker) walkNumberFor(s *ast.NumberForStmt, f facts, sc *scope) facts {
	f = w.walkExprs([]ast.Expr{s.Init, s.Limit, s.Step}, f, sc)
	id := w.newLoopKey()
	body := newScope(sc)
	body.vars[s.Name] = &binding{kind: opaque}
	if isKeysLen(s.Limit) {
		body.vars[s.Name] = &binding{kind: loopIndex, key: id}
	}
	out, term, broke := w.walkLoopBody(s.Stmts, f, body)
	covers := isKeysLen(s.Limit) && isOne(s.Init) && (s.Step == nil || isOne(s.Step))
	return afterKeysLoop(f, covers && !term && !broke, id, out)
}

// walkGenericFor handles `for i, key in ipairs(KEYS)` and
// `for i, v in ipairs(vals)` where vals is an MGET of unpack(KEYS).
func (w *walker) walkGenericFor(s *ast.GenericForStmt, f facts, sc *scope) facts {
	f = w.walkExprs(s.Exprs, f, sc)
	id := w.newLoopKey()
	body := newScope(sc)
	for _, name := range s.Names {
		body.vars[name] = &binding{kind: opaque}
	}
	covers := false
	if x, ok := iteratedTable(s.Exprs); ok && len(s.Names) > 0 {
		value := &binding{kind: opaque}
		switch b := sc.bindingOf(x); {
		case isIdent(x, "KEYS") && b == nil:
			value, covers = &binding{kind: keyVal, key: id}, true
		case b != nil && b.kind == mgetAll:
			value, covers = &binding{kind: readVal, key: id}, true
		}
		if covers {
			body.vars[s.Names[0]] = &binding{kind: loopIndex, key: id}
			if len(s.Names) > 1 {
				body.vars[s.Names[1]] = value
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
func (w *walker) walkFunc(fn *ast.FunctionExpr, sc *scope) {
	if fn == nil {
		return
	}
	body := newScope(sc)
	if fn.ParList != nil {
		for _, name := range fn.ParList.Names {
			body.vars[name] = &binding{kind: opaque}
		}
	}
	saved := w.breaks
	w.breaks = nil
	w.funcs++
	w.walkBlock(fn.Stmts, nil, body)
	w.funcs--
	w.breaks = saved
}

func (w *walker) walkExprs(es []ast.Expr, f facts, sc *scope) facts {
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
func (w *walker) walkExpr(e ast.Expr, f facts, sc *scope) facts {
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
func (w *walker) walkCall(e *ast.FuncCallExpr, f facts, sc *scope) facts {
	f = w.walkExpr(e.Func, f, sc)
	f = w.walkExpr(e.Receiver, f, sc)
	f = w.walkExprs(e.Args, f, sc)
	if call, cmd, ok := redisCall(e); ok {
		w.record(call, cmd, f, sc)
	}
	if !keepsAbsence(e) {
		w.writes++
		f = without(f, keyAbsent)
	}
	return f
}

// multiKey commands take only keys after the command name, so each argument
// is a key of its own op.
var multiKey = map[string]bool{
	"del": true, "unlink": true, "exists": true, "touch": true, "mget": true,
}

// record appends one op per key argument of a redis.call.
func (w *walker) record(call *ast.FuncCallExpr, cmd string, f facts, sc *scope) {
	keys := call.Args[1:]
	if !multiKey[cmd] && len(keys) > 1 {
		keys = keys[:1]
	}
	if len(keys) == 0 {
		keys = []ast.Expr{nil}
	}
	for _, k := range keys {
		op := Op{Command: cmd, Line: call.Line()}
		var id string
		if k != nil {
			id, op.Key = keyOf(k, sc)
		}
		op.TokenArg, op.Guarded = guardFor(id, f)
		op.Absent = id != "" && has(f, keyAbsent, id)
		op.checked = checkedKeys(f)
		setOptions(&op, call.Args)
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
		digits, ok := strings.CutPrefix(g.key, "k")
		if n, err := strconv.Atoi(digits); ok && err == nil && n >= 1 && n <= 63 {
			bits |= 1 << uint(n)
		}
	}
	return bits
}

// setOptions fills NX and TTL from the command and its constant options.
func setOptions(op *Op, args []ast.Expr) {
	switch op.Command {
	case "setnx":
		op.NX = true
	case "setex", "psetex":
		op.TTL = true
	case "set":
		// SET key value [options...]: options start at the fourth argument.
		for _, a := range args[min(3, len(args)):] {
			s, ok := a.(*ast.StringExpr)
			if !ok {
				continue
			}
			switch strings.ToLower(s.Value) {
			case "nx":
				op.NX = true
			case "px", "ex", "pxat", "exat":
				op.TTL = true
			}
		}
	}
}

// bindingsOf returns what each name holds after `names = exprs`.
func bindingsOf(names []string, exprs []ast.Expr, sc *scope) []*binding {
	bs := make([]*binding, len(names))
	for i := range names {
		bs[i] = &binding{kind: opaque}
		if i < len(exprs) {
			bs[i] = bindingOfExpr(exprs[i], sc)
		}
	}
	return bs
}

func bindingOfExpr(e ast.Expr, sc *scope) *binding {
	if id, idx := keyOf(e, sc); id != "" && id != "*" {
		return &binding{kind: keyVal, key: id, index: idx}
	}
	if j := tokenOf(e, sc); j > 0 {
		return &binding{kind: tokenVal, token: j}
	}
	if id, ok := readOf(e, sc); ok {
		_, cmd, _ := probeOf(e, sc) // "" for HGET, tostring(GET)
		return &binding{kind: readVal, key: id, cmd: cmd}
	}
	if id, j, ok := memberOf(e, sc); ok {
		return &binding{kind: memberVal, key: id, token: j}
	}
	if call, cmd, ok := redisCall(e); ok && cmd == "mget" && len(call.Args) == 2 && isUnpackKeys(call.Args[1]) {
		return &binding{kind: mgetAll}
	}
	if id, cmd, ok := probeOf(e, sc); ok {
		return &binding{kind: probeVal, key: id, cmd: cmd}
	}
	return &binding{kind: opaque}
}

// iteratedTable returns X of `ipairs(X)` or `pairs(X)`.
func iteratedTable(exprs []ast.Expr) (ast.Expr, bool) {
	if len(exprs) != 1 {
		return nil, false
	}
	call, ok := exprs[0].(*ast.FuncCallExpr)
	if !ok || call.Receiver != nil || len(call.Args) != 1 {
		return nil, false
	}
	if !isIdent(call.Func, "ipairs") && !isIdent(call.Func, "pairs") {
		return nil, false
	}
	return call.Args[0], true
}

func isKeysLen(e ast.Expr) bool {
	l, ok := e.(*ast.UnaryLenOpExpr)
	return ok && isIdent(l.Expr, "KEYS")
}

func isOne(e ast.Expr) bool {
	n, ok := numberOf(e)
	return ok && n == 1
}

// isErrorCall reports error(...), which aborts the script.
func isErrorCall(e ast.Expr) bool {
	call, ok := e.(*ast.FuncCallExpr)
	return ok && call.Receiver == nil && isIdent(call.Func, "error")
}
