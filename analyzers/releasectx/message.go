package releasectx

import (
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// message names the call, the context and the evidence that it is done,
// what the client does with it, and what to do instead.
func message(m *lockmodel.Model, op *lockmodel.Op, ctx string, ev evidence, how sendTime) string {
	act := "release"
	if op.Role == rediscall.RoleRenew {
		act = "renewal"
	}
	var subject string
	switch {
	case op.Library != "":
		verb := " is sent with "
		if how == atReturn {
			verb = " is deferred with "
		}
		subject = op.Library + " " + op.Method + verb + ctx
	case op.Via != nil:
		subject = m.CallText(op) + " sends its owner-checked " + act + " with " + ctx
	default:
		subject = op.Method + " sends an owner-checked " + act + lockKeyText(op) + " with " + ctx
	}
	if ev.from != "" {
		subject += ", derived from " + ev.from
	}
	when := "which is done here"
	if ev.when != "" {
		when = ev.when
	}
	msg := subject + ", " + when + " (" + ev.text + " at " + m.Where(ev.pos) + ev.note + "): " +
		op.FailsOnDoneCtx + " fails a command whose context is done before sending it, "
	if act == "renewal" {
		return msg + "so the lock is not extended; renew with a context that is still live, or release the lock if the work is over"
	}
	return msg + "so the lock stays held until its TTL expires and other clients wait for it; release with context.WithoutCancel(" + ctx + ") under a short timeout"
}

func lockKeyText(op *lockmodel.Op) string {
	if op.Key.Text == "" {
		return ""
	}
	return " of lock key " + op.Key.Text
}

// doneSubject is what the related information says is done: the context
// the done point was about.
func doneSubject(ctx string, ev evidence) string {
	if ev.from != "" {
		return ev.from
	}
	return ctx
}
