package lockmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"golang.org/x/tools/go/types/typeutil"
)

// A GetCompare is the check-then-act shape of get-del and
// get-expire: the value a Get read is compared with a token in Go, and
// only then is the write sent, as a separate command.
type GetCompare struct {
	Get   *Op      // the read of the value
	Cmp   ast.Expr // the comparison in Go: a == b, or strings.HasPrefix(v, tok)
	Token ast.Expr // the side of Cmp that is not the value read
	// Ordered is set for <, <=, >, >=: a timestamp stored as the lock
	// value compared with the time now (the SETNX/GETSET expiry
	// algorithm). It is check-then-act only on a key known to be a lock.
	Ordered bool
	// Part is set when what is compared is a part of the value read (a
	// field of strings.Split, the rest after a prefix, a parsed number,
	// a prefix test) rather than the value itself: the token is not the
	// whole stored value, so no compare-and-delete can take it as is.
	Part bool
	// InHelper is set when Get is the call of a function of the package
	// that reads the value and returns its comparison with a token (an
	// isOwner(ctx) bool): Cmp is that call, Token the token the function
	// compares with, written there. No fix rewrites a compare written in
	// another function.
	InHelper bool
}

// GetCompareBefore returns the Get of op's key whose value is compared with
// a token before op in op's function, or nil. Writes inside a Watch
// callback are not check-then-act: EXEC fails if the key changed.
// getdel reports these; baredel and barerenew leave them alone, so that one
// bug is reported once.
func (m *Model) GetCompareBefore(op *Op) *GetCompare {
	if op.Key.ID == "" || m.inWatchTransaction(op) {
		return nil
	}
	for _, get := range op.Func.Ops {
		if get.Kind != rediscall.Get || get.Key.ID != op.Key.ID || !Before(get, op) {
			continue
		}
		if gc := m.comparedValue(get, op); gc != nil {
			return gc
		}
		if gc := m.helperCompare(get); gc != nil {
			return gc
		}
	}
	return nil
}

// comparedValue finds, between get and op, a == or != comparison of the
// value get read with an expression that is not a constant (comparing with
// "" or nil is an existence check, not an owner check).
func (m *Model) comparedValue(get, op *Op) *GetCompare {
	return m.compareIn(op.Func.Decl.Body, get, op.Pos())
}

// helperCompare returns the compare a call of a function of the package
// makes when get is that call (get.Via: the function's GET, through its
// summary) and the function returns a bool it computes by comparing the
// value its GET read with a token, as an owner check written apart does:
//
//	func (l *Lock) isOwner(ctx context.Context) bool {
//		v, err := l.rdb.Get(ctx, l.key).Result()
//		return err == nil && v == l.token
//	}
//
// if l.isOwner(ctx) { l.rdb.Del(ctx, l.key) } is then the same
// check-then-act as with the GET and compare written in place.
func (m *Model) helperCompare(get *Op) *GetCompare {
	if get.Via == nil {
		return nil
	}
	callee, ok := typeutil.Callee(m.pass.TypesInfo, get.Expr).(*types.Func)
	if !ok || callee.Pkg() != m.pass.Pkg {
		return nil
	}
	fn := m.FuncOf(callee)
	if fn == nil || !returnsBool(fn) {
		return nil
	}
	for _, g := range fn.Ops {
		if g.Kind != rediscall.Get || g.Via != nil {
			continue
		}
		if gc := m.compareIn(fn.Decl.Body, g, fn.Decl.Body.End()); gc != nil {
			return &GetCompare{Get: get, Cmp: get.Expr, Token: gc.Token, Ordered: gc.Ordered, Part: gc.Part, InHelper: true}
		}
	}
	return nil
}

// returnsBool reports whether fn's first result is a bool.
func returnsBool(fn *Func) bool {
	res := fn.Obj.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// compareIn finds in body, after get and before end, a comparison of the
// value get read with an expression that is not a constant.
func (m *Model) compareIn(body *ast.BlockStmt, get *Op, end token.Pos) *GetCompare {
	value, holder := m.valueOf(get)
	if value == nil {
		return nil
	}
	holders := m.derivedHolders(body, holder)
	tags := switchTags(body)
	var found *GetCompare
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok || e.End() < get.Expr.End() || e.End() > end {
			return true
		}
		x, y, ordered, isCmp := m.comparison(e)
		if tag, ok := tags[e]; ok {
			x, y, ordered, isCmp = tag, e, false, true // switch v { case token: ... }
		}
		if !isCmp {
			return true
		}
		for _, side := range [2][2]ast.Expr{{x, y}, {y, x}} {
			if ok, part := m.isValue(side[0], value, holders); ok && !m.isConstant(side[1]) {
				_, call := e.(*ast.CallExpr)
				found = &GetCompare{Get: get, Cmp: e, Token: side[1], Ordered: ordered, Part: part || call}
				return false
			}
		}
		return true
	})
	return found
}

// switchTags maps each case expression of a switch with a tag in body to
// the tag: switch v { case token: ... } compares v with token.
func switchTags(body *ast.BlockStmt) map[ast.Expr]ast.Expr {
	tags := map[ast.Expr]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag == nil {
			return true
		}
		for _, c := range sw.Body.List {
			for _, e := range c.(*ast.CaseClause).List {
				tags[e] = sw.Tag
			}
		}
		return true
	})
	return tags
}

// comparison returns the two operands of a comparison: a == b (and the
// other comparison operators, ordered), or a call of a standard library
// function that compares two strings or byte slices, as a token kept as
// a prefix of the stored value is checked (strings.HasPrefix(v, tok)).
func (m *Model) comparison(e ast.Expr) (x, y ast.Expr, ordered, ok bool) {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if isComparison(e.Op) {
			return e.X, e.Y, e.Op != token.EQL && e.Op != token.NEQ, true
		}
	case *ast.CallExpr:
		fn, isFn := typeutil.Callee(m.pass.TypesInfo, e).(*types.Func)
		if isFn && len(e.Args) == 2 && fn.Pkg() != nil && compareFuncs[fn.Pkg().Path()+"."+fn.Name()] {
			return e.Args[0], e.Args[1], false, true
		}
	}
	return nil, nil, false, false
}

// compareFuncs are the standard library functions that compare their two
// arguments, as a token kept in the value (whole or as its prefix) is
// checked.
var compareFuncs = map[string]bool{
	"strings.HasPrefix": true, "strings.HasSuffix": true, "strings.EqualFold": true, "strings.Contains": true,
	"bytes.Equal": true, "bytes.HasPrefix": true, "bytes.HasSuffix": true, "bytes.EqualFold": true,
}

func isComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		return true
	}
	return false
}

// valueOf returns the expression that yields the value get read (the call
// itself, get.Val(), get.Result(), redis.String(conn.Do("GET", k))) and the
// variable it is stored in, if any. Error-only chains (.Err()) yield nil.
func (m *Model) valueOf(get *Op) (ast.Expr, *types.Var) {
	u := get.Reply
	if u.ErrOnly != "" || u.Reply == nil {
		return nil, nil
	}
	if len(u.Lhs) > 0 { // assigned: v := rdb.Get(ctx, k).Val()
		return u.Reply, analysisutil.VarOf(m.pass.TypesInfo, u.Lhs[0])
	}
	return u.Reply, nil
}

// isValue reports whether e is the value read: the chain expression
// itself, or a variable holding it, possibly converted (string(b),
// redis.String(reply, err), reply.([]byte)); part says whether e is only a
// part of the value (see GetCompare.Part).
func (m *Model) isValue(e, value ast.Expr, holders map[*types.Var]bool) (ok, part bool) {
	e, part = m.unconvert(e)
	if e == value {
		return true, part
	}
	id, isID := e.(*ast.Ident)
	if !isID {
		return false, false
	}
	v, _ := m.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil {
		return false, false
	}
	whole, held := holders[v]
	return held, part || (held && !whole)
}

// unconvert strips what converts a reply without changing which value it
// is: parentheses, type conversions and assertions, redigo's converters,
// fmt.Sprint; and what takes a part of it (strconv's parsers, strings.Split,
// strings.TrimPrefix, an index into a slice of its fields), which it
// reports as part.
func (m *Model) unconvert(e ast.Expr) (out ast.Expr, part bool) {
	for range 4 {
		switch x := ast.Unparen(e).(type) {
		case *ast.TypeAssertExpr:
			e = x.X
			continue
		case *ast.IndexExpr:
			if isSequence(m.pass.TypesInfo.TypeOf(x.X)) {
				e, part = x.X, true
				continue
			}
		case *ast.CallExpr:
			if r := rediscall.HeldValue(m.pass.TypesInfo, x); r != nil {
				e = r
				continue
			}
			if len(x.Args) > 0 && replyuse.Converts(m.pass.TypesInfo, x, x.Args[0]) {
				e = x.Args[0]
				continue
			}
			if len(x.Args) > 0 && rediscall.CallYield(m.pass.TypesInfo, x) == rediscall.YieldsParsed {
				e, part = x.Args[0], part || isStringsCall(m.pass.TypesInfo, x)
				continue
			}
		}
		return ast.Unparen(e), part
	}
	return ast.Unparen(e), part
}

// isSequence reports whether t is a slice or an array, whose elements
// (the fields of a split value) an index reads.
func isSequence(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	}
	return false
}

// isStringsCall reports whether call is a function of package strings:
// one that splits or trims the value, leaving a part of it (strconv's
// parsers and fmt.Sprint leave the value itself, in another Go type).
func isStringsCall(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "strings"
}

// derivedHolders returns holder and the variables of body assigned a
// conversion of it (v, err := redis.String(reply, err); s :=
// string(reply.([]byte))) or a part of it (parts := strings.Split(v,
// ":")), a conversion of those, and so on: each mapped to whether it holds
// the whole value (false: a part).
func (m *Model) derivedHolders(body *ast.BlockStmt, holder *types.Var) map[*types.Var]bool {
	holders := map[*types.Var]bool{}
	if holder == nil {
		return holders
	}
	holders[holder] = true
	for range 3 {
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
				return true
			}
			x, part := m.unconvert(as.Rhs[0])
			if id, ok := x.(*ast.Ident); ok {
				v, _ := m.pass.TypesInfo.Uses[id].(*types.Var)
				whole, held := holders[v]
				lv := analysisutil.VarOf(m.pass.TypesInfo, as.Lhs[0])
				if v != nil && held && lv != nil {
					if prev, seen := holders[lv]; !seen || prev {
						holders[lv] = whole && !part
					}
				}
			}
			return true
		})
	}
	return holders
}

func (m *Model) isConstant(e ast.Expr) bool {
	tv, ok := m.pass.TypesInfo.Types[e]
	return !ok || tv.Value != nil || tv.IsNil()
}

// inWatchTransaction reports whether op is a write of an optimistic
// transaction on its key, which EXEC discards if the key changed after the
// WATCH: queued inside a go-redis Watch callback (TxPipelined), or queued
// (redigo Send between MULTI and EXEC) after a WATCH of the same key in the
// same function. Such a write is owner-checked when the transaction
// compares the value; a write sent directly from the Watch callback runs
// at once and is not.
func (m *Model) inWatchTransaction(op *Op) bool {
	if !op.Queued {
		return false
	}
	if op.InWatch {
		return true
	}
	if op.Key.ID == "" {
		return false
	}
	for _, w := range op.Func.Ops {
		if w.Kind == rediscall.Watch && Before(w, op) && m.watches(w, op.Key.ID) {
			return true
		}
	}
	return false
}

// watches reports whether the WATCH w covers the key with identity id.
func (m *Model) watches(w *Op, id string) bool {
	if w.Key.ID == id {
		return true
	}
	for _, k := range w.KeyExprs {
		if m.keys.Of(k).String() == id {
			return true
		}
	}
	return false
}

// Unguarded returns what proves that op, a command issued in this
// package, acts on a lock key with no owner check around it, or nil: op
// itself when its own key is a lock key of the package, else the first
// call of op's helper (through any chain of same-package helpers, see
// UseOf) that hands it a lock key, with no owner check around that call
// or any call on the way; in both cases only one for which ok holds (the
// rule's own conditions, such as "not the cleanup of a failed acquire").
//
// No owner check: the op is not owner-checked itself (a compare script,
// IFEQ, a lock library), is not a write of a WATCH transaction, and does
// not follow a GET compared in Go, in its function or in the wrapper it
// is a call of (check-then-act, getdel's to report).
// The ops that stand for a same-package helper's command at its calls are
// never judged themselves (IsRoot): the bug is the helper's, reported at
// its command. A finding at op must belong to this package (Reportable),
// and code in _test.go files is left out: a test sets up, ages and
// cleans up keys, and a SetNX there is setup, not an acquisition.
func (m *Model) Unguarded(op *Op, ok func(*Op) bool) *Op {
	if !m.IsRoot(op) || !op.Reportable() || !m.unguardedHere(op) {
		return nil
	}
	if m.EveryCall(op, func(c *Op) bool { return !m.unguardedHere(c) }) {
		return nil // a helper every caller guards (a GET compared first): the compare is the owner check
	}
	return m.LockUse(op, m.unguardedHere, ok)
}

// unguardedHere reports whether op has no owner check around it in its
// own function (see Unguarded).
func (m *Model) unguardedHere(op *Op) bool {
	return !op.OwnerChecked && !op.Func.Test && !m.inWatchTransaction(op) && m.GetCompareBefore(op) == nil &&
		(op.Via == nil || op.Via.GetCompare.Get == "")
}

// ValueRead reports whether the package reads back the value stored under
// op's key (its identity or family): a GET, or an owner-checked command,
// which compares it (a compare script, IFEQ, a lock library). A lock
// value nothing here reads can be replaced without a use to rewrite.
func (m *Model) ValueRead(op *Op) bool {
	if op.Key.ID == "" {
		return true // a key that cannot be followed may be read anywhere
	}
	for _, o := range m.Ops {
		same := o.Key.ID == op.Key.ID || o.Key.Family != "" && o.Key.Family == op.Key.Family
		if same && o.Key.ID != "" && (o.Role == rediscall.RoleRead || o.OwnerChecked) {
			return true
		}
	}
	return false
}
