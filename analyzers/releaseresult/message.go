package releaseresult

import (
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// how names the way the answer is dropped.
var how = map[replyUsage]string{
	statement:  "drops its result",
	deferred:   "is deferred and its result dropped",
	goStmt:     "runs in a go statement and its result is dropped",
	errOnly:    "keeps only its error",
	errMethod:  "checks only .Err()",
	neverEqual: "compares its interface{} reply with an int constant, which never equals the int64 the reply holds",
}

func message(m *lockmodel.Model, op *lockmodel.Op, ans answer, use replyUsage) string {
	act := "release"
	if op.Role == rediscall.RoleRenew {
		act = "renewal"
	}
	runs := m.CallText(op) + " runs an owner-checked " + act + " script"
	if op.Kind == rediscall.CondDelete || op.Kind == rediscall.CondSet {
		runs = m.CallText(op) + " sends an owner-checked " + act + " (" + op.Command + ")"
	}
	if sign, note, remedy, ok := scriptAnswer(ans); ok {
		return runs + " on lock key " + op.Key.Text + " but " + howOf(op, use) + ": " + sign +
			" (the lock expired and another client may hold it)," + note + " so the lost lock goes unnoticed; " + remedy
	}
	name := op.Library + " " + op.Method
	if op.Via != nil {
		name = m.CallText(op)
	}
	if ans == okResult {
		return name + " " + howOf(op, use) + ": (false, nil) means the lock was no longer held by this mutex (it expired and another client may hold it)," +
			" so the lost lock goes unnoticed; check ok and treat false as a lost lock"
	}
	return name + " " + howOf(op, use) + ": its error is how the " + act + " reports that the lock was no longer ours" +
		" (it expired and another client may hold it), so the lost lock goes unnoticed; check the error"
}

// scriptAnswer returns, for a reply of an owner-checked command that says
// "not the owner", how the reply says it, a note on it, and what to do.
func scriptAnswer(ans answer) (sign, note, remedy string, ok bool) {
	switch ans {
	case nilReply:
		return "its nil reply (redis.Nil) is the only sign that the key no longer held our token", "", "check the error and treat redis.Nil as a lost lock", true
	case errReply:
		return "its error reply is the only sign that the key no longer held our token", "", "check the error", true
	case anyReply:
		return "its reply is the only sign that the key no longer held our token", "", "read the reply", true
	case zeroReply:
		return "it replies 0 when the key no longer holds our token", " which is not an error,", "read the integer reply and treat 0 as a lost lock", true
	}
	return "", "", "", false
}

// howOf is how[use], naming the error-only reader the client has:
// rueidis and valkey-go replies have .Error() where go-redis has .Err().
func howOf(op *lockmodel.Op, use replyUsage) string {
	if use == errMethod && op.Client == rediscall.Rueidis {
		return "checks only .Error()"
	}
	return how[use]
}
