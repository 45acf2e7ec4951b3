package lockmodel

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
)

// The lock-key judgement says, once per package, which keys are lock keys
// (a key acquired with NX, under the same identity or family, that has
// lock evidence), from the package's ops and the names around them, and
// answers the rules' questions about a key's acquires and evidence. It is
// read only once built: the analyzers that ask it run concurrently.

// judgeKeys indexes the acquires and evidence of the package's keys and
// judges each key once.
func (m *Model) judgeKeys() {
	m.indexKeys()
	m.judgeLockKeys()
}

// A keyIndex records key identities and families with the ops that use them.
type keyIndex struct {
	byID     map[string][]*Op
	byFamily map[string][]*Op
}

func (ix *keyIndex) add(op *Op) {
	if ix.byID == nil {
		ix.byID, ix.byFamily = map[string][]*Op{}, map[string][]*Op{}
	}
	if op.Key.ID != "" {
		ix.byID[op.Key.ID] = append(ix.byID[op.Key.ID], op)
	}
	if op.Key.Family != "" {
		ix.byFamily[op.Key.Family] = append(ix.byFamily[op.Key.Family], op)
	}
}

// alias indexes ops, whose keys are other identities, under identity id
// too: they act on the key id denotes.
func (ix *keyIndex) alias(id string, ops []*Op) {
	if ix.byID == nil {
		ix.byID, ix.byFamily = map[string][]*Op{}, map[string][]*Op{}
	}
	ix.byID[id] = append(ix.byID[id], ops...)
}

// lookup returns the ops on the same key identity, or else the same family.
func (ix *keyIndex) lookup(k Key) []*Op {
	if ops := ix.byID[k.ID]; k.ID != "" && len(ops) > 0 {
		return ops
	}
	if k.Family != "" {
		return ix.byFamily[k.Family]
	}
	return nil
}

// indexKeys records which keys are acquired with NX and which are released
// or renewed anywhere in the package.
func (m *Model) indexKeys() {
	for _, op := range m.Ops {
		switch {
		case op.Role == rediscall.RoleAcquire:
			m.acquires.add(op)
		case (op.Role == rediscall.RoleRelease || op.Role == rediscall.RoleRenew) && !SplitAcquireExpire(op):
			// The expire that follows a SETNX with no TTL is part of the
			// acquire, not a renewal: a dedup marker written in two steps
			// (SETNX, then EXPIRE 24h) has one too.
			m.evidence.add(op)
		}
	}
	m.indexStoredKeys()
}

// IsLockKey reports whether op's key is a lock key: acquired with NX
// under the same identity or family, with lock evidence (a lock name, a
// critical section, an owner check or a wait; see judgeLockKey). An op of
// a same-package helper that only receives the key is on a lock key when
// its calls in this package are (see provingCallOf); a call of a wrapper
// of another package, when that package judged the wrapper's key
// template a lock key (lock:+name built in the wrapper).
func (m *Model) IsLockKey(op *Op) bool {
	return m.judged(op.Key) || m.provingCallOf(op) != nil || m.settledLockKey(op)
}

// settledLockKey reports whether op is the call of a wrapper of another
// package whose package judged the key template, parameters and all, a
// lock key.
func (m *Model) settledLockKey(op *Op) bool {
	return op.Via != nil && op.Via.Settled && op.Via.Key.HasPlaceholder() && m.Origin(op) == nil
}

// judged reports whether the key k (its identity or, failing that, its
// family) is acquired with NX and has lock evidence: a lock name, a
// critical section, an owner check or a wait. A release in a function of
// its own with none of these is how on/off flags are written (an NX
// "paused" marker deleted by Unpause), so it is not evidence alone.
func (m *Model) judged(k Key) bool {
	if !k.Identity.Known() {
		return false
	}
	if is, ok := m.lockKeys[[2]string{k.ID, k.Family}]; ok {
		return is
	}
	return m.judgeLockKey(k)
}

// judgeLockKeys judges, once, the key of every op of the package: every
// analyzer asks about the same keys many times, and the owner-check
// evidence walks function bodies. The result is only read afterwards, by
// analyzers that run concurrently.
func (m *Model) judgeLockKeys() {
	m.lockKeys = map[[2]string]bool{}
	for _, op := range m.Ops {
		k := [2]string{op.Key.ID, op.Key.Family}
		if _, done := m.lockKeys[k]; !done && op.Key.ID != "" {
			m.lockKeys[k] = m.judgeLockKey(op.Key)
		}
	}
}

func (m *Model) judgeLockKey(k Key) bool {
	acq := m.acquires.lookup(k)
	if len(acq) == 0 {
		return false
	}
	rel := m.evidence.lookup(k)
	return m.namedAsLock(k.Identity, acq, rel) || criticalSection(acq, rel) || m.ownerChecks(rel) || m.waitsFor(acq)
}

// provingCallOf returns, for an op of a same-package helper whose key comes
// from its parameters (func releaseLock(key string) { rdb.Del(ctx, key) }),
// a call of the helper, through any chain of helpers, whose key is a lock
// key (see UseOf). The bug is then the helper's own, reported at its
// command once with the call as related information, and never at the
// calls; a generic helper that also deletes cache keys is one too, when
// a caller hands it a lock key to release.
func (m *Model) provingCallOf(op *Op) *Op {
	if m.judged(op.Key) {
		return nil
	}
	all := func(*Op) bool { return true }
	return m.UseOf(op, all, all)
}

// namedAsLock reports whether the key's constant part (or that of the key
// an acquire of it writes: a field holding the key its constructor
// acquired, indexStoredKeys), or a function, receiver type or key
// variable that acquires or releases it, has a lock word.
func (m *Model) namedAsLock(id keyid.ID, acquires, releases []*Op) bool {
	ids := []keyid.ID{id}
	for _, a := range acquires {
		ids = append(ids, a.Key.Identity)
	}
	for _, id := range ids {
		for _, c := range id.Constants() {
			if m.lockNames.matches(c) {
				return true
			}
		}
	}
	for _, ops := range [2][]*Op{acquires, releases} {
		for _, op := range ops {
			if m.opNamedAsLock(op) {
				return true
			}
		}
	}
	return false
}

// opNamedAsLock reports whether the function or method that issues op, its
// receiver type, the wrapper it calls, or a variable or field its key
// expression names has a lock word. The receiver type's name counts only
// for a key with no constant text: "processed:"+id written by a method of
// a Locker type is named by its text, and a dedup marker.
func (m *Model) opNamedAsLock(op *Op) bool {
	if m.lockNames.namesFuncItself(op.Func) {
		return true
	}
	if op.Func.Recv != nil && len(op.Key.Identity.Constants()) == 0 && m.lockNames.matches(op.Func.Recv.Obj().Name()) {
		return true
	}
	if op.Via != nil && m.lockNames.matches(op.Method) {
		return true // AcquireLock(key) of a wrapper package
	}
	for _, name := range m.keyNames(op.KeyExpr, 0) {
		if m.lockNames.matches(name) {
			return true
		}
	}
	return false
}

// namesFunc reports whether fn or its receiver type has a lock word.
func (l namer) namesFunc(fn *Func) bool {
	return l.namesFuncItself(fn) || (fn.Recv != nil && l.matches(fn.Recv.Obj().Name()))
}

// namesFuncItself reports whether fn's own name has a lock word that
// names a lock: not when the word only tells fn from a sibling of the same
// signature that is named without it (GetOrSetFuncLock beside
// GetOrSetFunc, removeLocked beside remove), the convention for a variant
// that runs under, or expects, a mutex.
func (l namer) namesFuncItself(fn *Func) bool {
	name := fn.Decl.Name.Name
	if !l.matches(name) {
		return false
	}
	words := nameWords(name)
	last := words[len(words)-1]
	rest := strings.TrimRight(strings.TrimSuffix(name, last), "_")
	if len(words) < 2 || !strings.HasSuffix(name, last) || !l.re.MatchString(last) || l.matches(rest) {
		return true
	}
	return !hasSibling(fn, rest)
}

// hasSibling reports whether fn's package (for a method, its receiver
// type) declares a function named name with fn's parameters and results.
func hasSibling(fn *Func, name string) bool {
	var obj types.Object
	if fn.Recv != nil {
		obj, _, _ = types.LookupFieldOrMethod(fn.Recv, true, fn.Obj.Pkg(), name)
	} else {
		obj = fn.Obj.Pkg().Scope().Lookup(name)
	}
	sib, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	a, b := sib.Signature(), fn.Obj.Signature()
	return types.Identical(a.Params(), b.Params()) && types.Identical(a.Results(), b.Results()) && a.Variadic() == b.Variadic()
}

// keyNames returns the names a key expression is built from: variables and
// fields (lockKey, l.lockName, prefix) and key-building functions
// (l.lockKey(), lockKeyFor(id)), and those of the values its locals were
// assigned (k := lockKey(name)). A name with a lock word names the key.
func (m *Model) keyNames(e ast.Expr, depth int) []string {
	if e == nil || depth > 4 {
		return nil
	}
	var names []string
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			names = append(names, id.Name)
			if init := m.Env.LocalInit(id); init != nil {
				names = append(names, m.keyNames(init, depth+1)...)
			}
		}
		return true
	})
	return names
}

// criticalSection reports whether one function both acquires the key and
// releases or renews it after the acquire (or in a defer), inside the
// block the acquire runs in: a function that sets an NX marker under one
// condition and deletes it under another (if running { mark }; if
// finished { unmark }) writes a flag, and its delete need not follow any
// acquire.
func criticalSection(acquires, releases []*Op) bool {
	for _, a := range acquires {
		for _, r := range releases {
			if a.Func == r.Func && (r.Reply.Consumer == replyuse.Deferred || Before(a, r)) && withinBlock(a.Stack, r.Stack) {
				return true
			}
		}
	}
	return false
}

// withinBlock reports whether the node path y passes through the
// innermost block (a block statement or a case of a switch or select)
// of the path x.
func withinBlock(x, y []ast.Node) bool {
	for i := len(x) - 1; i >= 0; i-- {
		switch x[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return i < len(y) && y[i] == x[i]
		}
	}
	return false
}

// ownerChecks reports whether a release or renewal of the key compares the
// stored value: atomically (a compare script, IFEQ, a lock library) or as
// check-then-act (a GET compared in Go before the write, here or in the
// wrapper of another package the write is a call of).
func (m *Model) ownerChecks(releases []*Op) bool {
	for _, r := range releases {
		if gc := m.GetCompareBefore(r); r.OwnerChecked || (gc != nil && !gc.Ordered) {
			return true
		}
		if r.Via != nil && r.Via.GetCompare.Get != "" && !r.Via.GetCompare.Order {
			return true
		}
	}
	return false
}

// waitsFor reports whether an acquire of the key is retried in a loop
// until it succeeds: it is inside a for statement (not a range over items,
// which is how markers are set for a batch) whose exit depends on the
// acquire's result.
func (m *Model) waitsFor(acquires []*Op) bool {
	for _, a := range acquires {
		if m.retriedUntilAcquired(a) {
			return true
		}
	}
	return false
}

// AcquireFor returns the acquire op paired with op's key: in the same
// function if there is one, else in a method of the same type, else any.
func (m *Model) AcquireFor(op *Op) *Op {
	acq := m.acquires.lookup(op.Key)
	if len(acq) == 0 {
		if p := m.provingCallOf(op); p != nil {
			return m.AcquireFor(p) // p's key is judged: it has acquires
		}
	}
	var best *Op
	for _, a := range acq {
		switch {
		case a.Func == op.Func:
			return a
		case best == nil, a.Func.Recv != nil && a.Func.Recv == op.Func.Recv && best.Func.Recv != op.Func.Recv:
			best = a
		}
	}
	return best
}

// HasTTLSomewhere reports whether some op of the package, other than op,
// gives op's key an expiry: an expire, a write with a TTL, an owner-checked
// renewal. A helper's expire that every call sends right after an
// acquire with no TTL completes those acquires, as the same expire
// written at the calls does (SplitAcquireExpire), and gives no other
// acquire of the key a TTL.
func (m *Model) HasTTLSomewhere(op *Op) bool {
	for _, e := range m.evidence.lookup(op.Key) {
		if e != op && e.Role == rediscall.RoleRenew && !m.EveryCall(e, SplitAcquireExpire) {
			return true
		}
	}
	for _, s := range m.Ops {
		if s != op && s.Role == rediscall.RoleWrite && s.TTLIs != rediscall.NoTTL && s.Key.ID == op.Key.ID {
			return true
		}
	}
	return false
}
