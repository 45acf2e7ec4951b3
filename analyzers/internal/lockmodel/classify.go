package lockmodel

import "github.com/leasevet/leasevet/analyzers/internal/rediscall"

// IsAcquire reports whether op writes its key only if absent (SET NX,
// SETNX, a script that does SET NX).
func IsAcquire(op *Op) bool {
	if op.Kind == rediscall.Acquire {
		return true
	}
	if op.Kind == rediscall.Script && op.Lua != nil {
		_, ok := op.Lua.AcquiresKey(1)
		return ok
	}
	return false
}

// IsOwnerChecked reports whether a release or renewal compares the token
// and acts in one atomic server-side step.
func IsOwnerChecked(op *Op) bool {
	switch op.Kind {
	case rediscall.CondDelete, rediscall.CondSet, rediscall.LockRelease, rediscall.LockRefresh:
		return true
	case rediscall.Script:
		if op.Lua == nil {
			return op.Via != nil && op.Via.Owner
		}
		del, okDel := op.Lua.DeletesKey(1)
		exp, okExp := op.Lua.ExpiresKey(1)
		return (!okDel || del) && (!okExp || exp) && (okDel || okExp)
	}
	if op.Via != nil {
		return op.Via.Owner
	}
	return false
}

// HasTTLArg reports whether op is given an expiry that is not certainly
// zero: whatever its value, a SET of a held lock key with one overwrites
// the holder's lock and sets its expiry, so a TTL that is a variable is
// enough.
func HasTTLArg(op *Op) bool {
	return op.TTL != nil && op.TTLIs != rediscall.NoTTL
}
