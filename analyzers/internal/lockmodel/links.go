package lockmodel

// The links tie the ops of a package's wrappers to the ops that stand for
// them at the wrappers' calls, so that a bug is reported once, where it is.

// link records the links between the ops of the package's wrappers and
// the ops that stand for them at their calls (see Origin and Instances).
func (m *Model) link() {
	m.linkOrigins()
	m.linkInstances()
}

// linkOrigins records, for each command of a local summary, the op of the
// wrapper it was summarised from (see Origin).
func (m *Model) linkOrigins() {
	m.origins = map[*SummaryOp]*Op{}
	for _, fn := range m.Funcs {
		s := m.localSummaries()[fn.Obj]
		if s == nil {
			continue
		}
		for i := range s.Ops {
			sop, src := &s.Ops[i], s.src[i]
			if src < 0 || src >= len(fn.Ops) {
				continue
			}
			if op := fn.Ops[src]; op.Kind == sop.Kind && op.Command == sop.Command {
				m.origins[sop] = op
			}
		}
	}
}

// linkInstances records, for each op of a wrapper of this package, the ops
// that stand for it at the wrapper's calls (see Instances).
func (m *Model) linkInstances() {
	m.instances = map[*Op][]*Op{}
	for _, op := range m.Ops {
		if o := m.Origin(op); o != nil && !op.Func.Test {
			m.instances[o] = append(m.instances[o], op)
		}
	}
}

// Instances returns the ops that stand for op at the calls, outside
// tests, of the same-package wrapper op belongs to.
func (m *Model) Instances(op *Op) []*Op { return m.instances[op] }

// ReportedInWrapper reports whether op stands for a command of a wrapper
// of this package, or of a wrapper that wrapper calls, for which reported
// is true: the bug is reported there, where the command is, and not again
// at the call.
func (m *Model) ReportedInWrapper(op *Op, reported func(*Op) bool) bool {
	for o := m.Origin(op); o != nil; o = m.Origin(o) {
		if reported(o) {
			return true
		}
	}
	return false
}

// Origin returns, for an op issued through a call of a wrapper declared in
// this package, the op inside the wrapper it stands for; nil for a direct
// command or a wrapper of another package. Analyzers use it to report a
// bug once, where it is: a caller of a wrapper that is already reported for
// the same bug is not reported again.
func (m *Model) Origin(op *Op) *Op {
	if op.Via == nil {
		return nil
	}
	return m.origins[op.Via]
}
