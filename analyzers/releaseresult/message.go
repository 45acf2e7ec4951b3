package releaseresult

import (
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
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
	if op.Kind == redisapi.LockRefresh || op.Kind == redisapi.CondSet || (op.Lua != nil && !deletes(op)) {
		act = "renewal"
	}
	runs := op.Method + " runs an owner-checked " + act + " script"
	if op.Kind == redisapi.CondDelete || op.Kind == redisapi.CondSet {
		runs = op.Method + " sends an owner-checked " + act + " (" + op.Command + ")"
	}
	switch ans {
	case nilReply:
		return runs + " on lock key " + m.KeyText(op) + " but " + howOf(op, use) +
			": its nil reply (redis.Nil) is the only sign that the key no longer held our token (the lock expired and another client may hold it)," +
			" so the lost lock goes unnoticed; check the error and treat redis.Nil as a lost lock"
	case errReply:
		return runs + " on lock key " + m.KeyText(op) + " but " + howOf(op, use) +
			": its error reply is the only sign that the key no longer held our token (the lock expired and another client may hold it)," +
			" so the lost lock goes unnoticed; check the error"
	case anyReply:
		return runs + " on lock key " + m.KeyText(op) + " but " + howOf(op, use) +
			": its reply is the only sign that the key no longer held our token (the lock expired and another client may hold it)," +
			" so the lost lock goes unnoticed; read the reply"
	case zeroReply:
		return runs + " on lock key " + m.KeyText(op) + " but " + howOf(op, use) +
			": it replies 0 when the key no longer holds our token (the lock expired and another client may hold it), which is not an error," +
			" so the lost lock goes unnoticed; read the integer reply and treat 0 as a lost lock"
	case okResult:
		return op.Library + " " + op.Method + " " + howOf(op, use) + ": (false, nil) means the lock was no longer held by this mutex (it expired and another client may hold it)," +
			" so the lost lock goes unnoticed; check ok and treat false as a lost lock"
	}
	return op.Library + " " + op.Method + " " + howOf(op, use) + ": its error is how the " + act + " reports that the lock was no longer ours" +
		" (it expired and another client may hold it), so the lost lock goes unnoticed; check the error"
}

// deletes reports whether an owner-checked script deletes its key (a
// release) rather than only extending it (a renewal).
func deletes(op *lockmodel.Op) bool {
	_, ok := op.Lua.DeletesKey(1)
	return ok
}

// howOf is how[use], naming the error-only reader the client has:
// rueidis and valkey-go replies have .Error() where go-redis has .Err().
func howOf(op *lockmodel.Op, use replyUsage) string {
	if use == errMethod && op.Builder {
		return "checks only .Error()"
	}
	return how[use]
}
