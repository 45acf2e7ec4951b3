package lockmodel

// CallText names op's call for messages: the method or function called,
// and for a wrapper the command it sends and where ("Unlock (DEL at
// redis.go:31)"), so that the reader can find the command itself.
func (m *Model) CallText(op *Op) string {
	if op.Via == nil {
		return op.Method
	}
	return op.Method + " (" + op.Via.Command + " at " + op.Via.Where + ")"
}

// IsAcquire reports whether op writes its key only if absent (SET NX,
// SETNX, a script that does SET NX).
func IsAcquire(op *Op) bool { return isAcquire(op) }
