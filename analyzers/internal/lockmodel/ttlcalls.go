package lockmodel

import (
	"go/ast"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// TTLLeftToCalls reports whether op's key ever gets a TTL, and
// how, is for the calls of op's function to show, not for this package:
// op is a command of a helper that receives its key from its parameters,
// that no function of this package calls and that no lock word names
// (nor its receiver type), and the package gives the key no TTL of its
// own. Such helpers are the pieces of an acquire a caller elsewhere puts
// together; judging them here would guess what the calls do:
//
//   - an acquire with no TTL, never given one here: a caller may give the
//     key its TTL next (setnxexpire's split acquire, at the caller) or
//     never (no-ttl, at the call);
//   - an expire of such a key, sent straight from the helper's body (not
//     from a loop of its own, nor after a GET compared in Go): a
//     call right after the acquire completes a split acquire, a call in
//     a watchdog's loop renews the lock (bare-renew, at that call).
//
// The wrapper's summary says so (SummaryOp.TTLAtCalls), and its calls in
// importing packages are judged as those packages' own commands. A
// package that names a lock operation for the key (TryLock(key), an
// Unlock that deletes it, a Mutex's methods) defines the lock's contract
// and is judged here, as every helper called here is.
func (m *Model) TTLLeftToCalls(op *Op) bool {
	if !m.helperOfCallers(op) {
		return false
	}
	switch {
	case op.Role == rediscall.RoleAcquire:
		return op.TTLIs == rediscall.NoTTL && ExpireAfter(op) == nil && !m.HasTTLSomewhere(op)
	case op.Kind == rediscall.Expire && !op.OwnerChecked && !inLoopOrGoroutine(op.Stack) && m.GetCompareBefore(op) == nil:
		return m.keyAcquiredWithoutTTL(op)
	}
	return false
}

// helperOfCallers reports whether op is a command sent by a helper whose
// callers are all elsewhere: outside tests, on a key built from its
// function's parameters, the only command of its function on that key (a
// function that also releases or renews it holds the lock's whole life),
// and no function that acquires, releases or renews the key here has a
// lock word in its name or its receiver type's. The command is the
// function's own, or a call of a same-package helper standing for one
// (Take calling take, which sends the SETNX), and every call of its
// function in this package is in turn such a helper's, or there is none:
// moving a command into a helper of its own does not change who judges it.
func (m *Model) helperOfCallers(op *Op) bool {
	visits := 0
	return m.leftToCallers(op, map[*Op]bool{}, &visits)
}

// leftToCallers is helperOfCallers for op reached through the calls on
// path; visits bounds the ops one question visits.
func (m *Model) leftToCallers(op *Op, path map[*Op]bool, visits *int) bool {
	if *visits++; path[op] || *visits > maxWalk || op.Func.Test || op.Via != nil && m.Origin(op) == nil && !op.TTLAtCall() {
		return false // a cycle of calls, too many, or another package's wrapper that judged the key itself
	}
	path[op] = true
	defer delete(path, op)
	for _, o := range op.Func.Ops {
		if o != op && o.Key.ID == op.Key.ID {
			return false
		}
	}
	if s := m.summarized[op]; s == nil || !s.Key.HasPlaceholder() {
		return false
	}
	for _, in := range m.Instances(op) {
		if !m.leftToCallers(in, path, visits) {
			return false
		}
	}
	named := func(ops []*Op) bool {
		return slices.ContainsFunc(ops, func(o *Op) bool { return m.lockNames.namesFunc(o.Func) })
	}
	return !m.lockNames.namesFunc(op.Func) && !named(m.acquires.lookup(op.Key)) && !named(m.evidence.lookup(op.Key))
}

// keyAcquiredWithoutTTL reports whether the expire op is the only way
// the package gives its key a TTL: the key is acquired here, and no
// acquire sets a TTL or is followed by its own expire, nor does any
// acquire share op's function.
func (m *Model) keyAcquiredWithoutTTL(op *Op) bool {
	acqs := m.acquires.lookup(op.Key)
	if len(acqs) == 0 {
		return false
	}
	for _, a := range acqs {
		if a.TTLIs != rediscall.NoTTL || ExpireAfter(a) != nil || a.Func == op.Func {
			return false
		}
	}
	return true
}

// inLoopOrGoroutine reports whether stack passes through a loop, a
// function literal or a go statement: where a watchdog renews.
func inLoopOrGoroutine(stack []ast.Node) bool {
	for _, n := range stack {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.GoStmt:
			return true
		}
	}
	return false
}
