package lockmodel

import (
	"golang.org/x/tools/go/analysis"
)

// CallText names op's call for messages: the method or function called,
// and for a wrapper the command it sends and where ("Unlock (DEL at
// redis.go:31)"), so that the reader can find the command itself.
func (m *Model) CallText(op *Op) string {
	if op.Via == nil {
		return op.Method
	}
	return op.Method + " (" + op.Via.Command + " at " + op.Via.Where + ")"
}

// CallerRelated returns, for a helper's command judged through its calls
// (see provingCallOf), the call that proves the key a lock, as related
// information for the diagnostic at the command.
func (m *Model) CallerRelated(op *Op) []analysis.RelatedInformation {
	p := m.provingCallOf(op)
	if p == nil || m.judged(op.Key) {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: p.Pos(), End: p.Expr.End(), Message: "called here with lock key " + p.Key.Text}}
}
