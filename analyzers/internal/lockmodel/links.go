package lockmodel

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// The links tie the ops of a package's wrappers to the ops that stand for
// them at the wrappers' calls, so that a bug is reported once, where it
// is. Call graphs have cycles (a wrapper that retries by calling itself,
// two helpers that call each other), so every walk over the links keeps a
// visited set and a bound: Go cannot recover from a stack overflow, and
// an endless loop is no better.

// maxWalk bounds the ops one walk over the links visits.
const maxWalk = 4096

// link records the links between the ops of the package's wrappers and
// the ops that stand for them at their calls (see Origin and Instances).
func (m *Model) link() {
	m.origins = map[*SummaryOp]*Op{}
	m.summarized = map[*Op]*SummaryOp{}
	for _, fn := range m.Funcs {
		m.linkFunc(fn)
	}
	m.linkInterfaces()
	m.instances = map[*SummaryOp][]*Op{}
	for _, op := range m.Ops {
		if op.Via != nil && m.origins[op.Via] != nil && !op.Func.Test {
			via := op.Via
			if impl := m.implOf[via]; impl != nil {
				via = impl
			}
			m.instances[via] = append(m.instances[via], op)
		}
	}
}

// linkInterfaces links the commands of each interface method of the
// package that has one implementation here to that implementation's: a
// call through the interface then stands for the implementation's
// command as a call of the method itself does, so that a bug is reported
// once, at the command, not again at the interface call.
func (m *Model) linkInterfaces() {
	m.implOf = map[*SummaryOp]*SummaryOp{}
	sums := m.localSummaries()
	for im, cm := range m.ifaceImpls {
		si, sc := sums[im], sums[cm]
		if si == nil || sc == nil || len(si.Ops) != len(sc.Ops) {
			continue
		}
		for i := range si.Ops {
			if o := m.origins[&sc.Ops[i]]; o != nil {
				m.origins[&si.Ops[i]] = o
				m.implOf[&si.Ops[i]] = &sc.Ops[i]
			}
		}
	}
}

// linkFunc records, for each command of fn's local summary, the op of fn
// it stands for (its origin), and for each op of fn the command of the
// summary it is summarised as. Two ops of fn can be summarised alike (a
// command reached directly and again through a helper that fn's own
// recursion calls): the summary holds it once, and its origin is the
// direct op, so that a chain of origins ends at a command.
func (m *Model) linkFunc(fn *Func) {
	s := m.localSummaries()[fn.Obj]
	if s == nil {
		return
	}
	byText := map[string]*SummaryOp{}
	for i := range s.Ops {
		byText[fmt.Sprint(s.Ops[i])] = &s.Ops[i]
	}
	tmpl, params := m.template(fn)
	for _, op := range fn.Ops {
		so, ok := m.summaryOp(fn, op, fn.Ops, tmpl, params)
		sop := byText[fmt.Sprint(so)]
		if !ok || sop == nil {
			continue
		}
		m.summarized[op] = sop
		if o := m.origins[sop]; o == nil || (o.Via != nil && op.Via == nil) {
			m.origins[sop] = op
		}
	}
}

// Instances returns the ops that stand for op at the calls, outside
// tests, of the same-package wrapper op belongs to.
func (m *Model) Instances(op *Op) []*Op {
	if s := m.summarized[op]; s != nil {
		return m.instances[s]
	}
	return nil
}

// ReportedInWrapper reports whether op stands for a command of a wrapper
// of this package, or of a wrapper that wrapper calls, for which reported
// is true: the bug is reported there, where the command is, and not again
// at the call.
func (m *Model) ReportedInWrapper(op *Op, reported func(*Op) bool) bool {
	found := false
	m.walkOrigins(op, func(o *Op) bool {
		found = reported(o)
		return !found
	})
	return found
}

// walkOrigins calls f on the origin of op, then on its origin's, and so
// on, each once, while f returns true.
func (m *Model) walkOrigins(op *Op, f func(*Op) bool) {
	seen := map[*Op]bool{op: true}
	for o := m.Origin(op); o != nil && !seen[o] && len(seen) < maxWalk; o = m.Origin(o) {
		seen[o] = true
		if !f(o) {
			return
		}
	}
}

// Origins returns the chain of ops op stands for: its origin in the
// same-package wrapper it calls, that op's origin, and so on, each once.
func (m *Model) Origins(op *Op) []*Op {
	var out []*Op
	m.walkOrigins(op, func(o *Op) bool {
		out = append(out, o)
		return true
	})
	return out
}

// TokenOf returns the value the acquire acq writes and the function that
// writes it: acq's own, or, for the call of a same-package wrapper that
// writes a value of its own (rm.Token in TryLock), the one of the command
// the call stands for; nil when neither is known.
func (m *Model) TokenOf(acq *Op) (ast.Expr, *Func) {
	if acq.Value != nil {
		return acq.Value, acq.Func
	}
	if r := m.Root(acq); r != acq && r.Value != nil {
		return r.Value, r.Func
	}
	return nil, nil
}

// Root returns the op where the package's part of op's command is issued:
// the client call itself, or the call of a wrapper of another package (or
// of an interface), at the end of op's chain of origins; op itself when
// it is one.
func (m *Model) Root(op *Op) *Op {
	root := op
	m.walkOrigins(op, func(o *Op) bool {
		root = o
		return true
	})
	return root
}

// IsRoot reports whether op is where the package's part of its command is
// issued (see Root): a finding about the command is reported there, never
// at the calls of the same-package helpers that issue it. A call of a
// function of the package that no link ties to a command of it (its
// summary did not settle within summarizeLocal's bound) is no root
// either: the command is judged inside, where it is.
func (m *Model) IsRoot(op *Op) bool { return m.Origin(op) == nil && !m.unlinkedLocal(op) }

// unlinkedLocal reports whether op is issued through a call of a function
// or concrete method of the package, whose command its caller's options
// do not decide, and no link ties op to that command.
func (m *Model) unlinkedLocal(op *Op) bool {
	if op.Via == nil || op.Via.Options >= 0 || m.Origin(op) != nil {
		return false
	}
	fn, ok := typeutil.Callee(m.pass.TypesInfo, op.Expr).(*types.Func)
	if !ok || fn.Pkg() != m.pass.Pkg {
		return false
	}
	recv := fn.Signature().Recv()
	return recv == nil || !types.IsInterface(recv.Type())
}

// Origin returns, for an op issued through a call of a wrapper declared in
// this package, the op inside the wrapper it stands for; nil for a direct
// command, a wrapper of another package, a wrapper whose command its
// caller's options decide (SummaryOp.Options), or a method of an interface
// without exactly one implementation here (whose call issues the command,
// as it does across packages). Analyzers use it
// to report a bug once, where it is.
func (m *Model) Origin(op *Op) *Op {
	if op.Via == nil || op.Via.Options >= 0 {
		return nil // a wrapper whose command each call's options decide: judged at the call
	}
	return m.origins[op.Via]
}

// LockUse returns op when its own key is a lock key of the package and
// ok(op) holds; for an op whose key its helper only receives, the first
// call of the helper that proves it (UseOf); nil otherwise. A rule that
// judges a command asks it, and reports at the command with the use as
// related information (Model.UseRelated).
func (m *Model) LockUse(op *Op, through, ok func(*Op) bool) *Op {
	if m.judged(op.Key) {
		if ok(op) {
			return op
		}
		return nil
	}
	return m.UseOf(op, through, ok)
}

// UseOf returns, for op, the first op that stands for it at a call of its
// function, through any chain of same-package helpers (each visited once,
// breadth first, only through ops for which through holds), whose key is
// a lock key of the package by itself and for which ok holds: the call
// that proves the helper's command a bug. The search stops at such keys
// (their judgement is settled there) and goes on through the keys that
// are the helpers' own parameters.
func (m *Model) UseOf(op *Op, through, ok func(*Op) bool) *Op {
	seen := map[*Op]bool{op: true}
	queue := append([]*Op(nil), m.Instances(op)...)
	for len(queue) > 0 && len(seen) < maxWalk {
		in := queue[0]
		queue = queue[1:]
		if seen[in] || !through(in) {
			continue
		}
		seen[in] = true
		if !m.judged(in.Key) {
			queue = append(queue, m.Instances(in)...)
			continue
		}
		if ok(in) {
			return in
		}
	}
	return nil
}

// AtCommand returns where a finding about op is reported: for the call of
// a same-package helper, the command it stands for (Root), with the call
// as related information saying why (what the call proves); op itself,
// and nothing related, otherwise. A bug in a helper's command is then
// reported once, at the command, whichever call proves it (see Once).
func (m *Model) AtCommand(op *Op, why string) (*Op, []analysis.RelatedInformation) {
	root := m.Root(op)
	if root == op {
		return op, nil
	}
	return root, []analysis.RelatedInformation{{Pos: op.Pos(), End: op.Expr.End(), Message: why}}
}

// Once remembers which commands a rule's run has reported in which
// category, so that a helper's command that several calls prove a bug
// (see AtCommand) is reported once. A rule makes one per run.
type Once map[onceKey]bool

type onceKey struct {
	op       *Op
	category string
}

// First reports whether op has not been reported in category yet, and
// records that it now is.
func (o Once) First(op *Op, category string) bool {
	k := onceKey{op, category}
	if o[k] {
		return false
	}
	o[k] = true
	return true
}

// EveryCall reports whether op, a command of a same-package helper, has
// calls outside tests and f holds at each, or, for a call inside another
// helper that acquires nothing else itself, at each of that helper's calls,
// and so on (each call visited once, within a bound): the command then
// only ever runs as f says of its calls, such as the expire of an acquire
// sequence split over helpers. False for a command with no call in the
// package, or a call where f does not hold in a function that acquires.
func (m *Model) EveryCall(op *Op, f func(*Op) bool) bool {
	queue := append([]*Op(nil), m.Instances(op)...)
	if len(queue) == 0 {
		return false
	}
	seen := map[*Op]bool{op: true}
	for len(queue) > 0 {
		in := queue[0]
		queue = queue[1:]
		if seen[in] {
			continue
		}
		if len(seen) >= maxWalk {
			return false
		}
		seen[in] = true
		if f(in) {
			continue
		}
		next := m.Instances(in)
		if len(next) == 0 || acquiresBesides(in) {
			return false
		}
		queue = append(queue, next...)
	}
	return true
}

// acquiresBesides reports whether in's function acquires a key,
// directly or through a call, other than by in itself: a helper that
// only passes on the command in stands for (func take() (bool, error) {
// return takeSlot(...) }) acquires nothing of its own.
func acquiresBesides(in *Op) bool {
	for _, op := range in.Func.Ops {
		if op != in && op.Role == rediscall.RoleAcquire {
			return true
		}
	}
	return false
}
