package barerenew

import (
	"go/ast"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerless"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// belongsElsewhere reports whether op, an expiry of a lock key, is
// setnxexpire's split acquire or part of the acquire itself.
func belongsElsewhere(_ *lockmodel.Model, op *lockmodel.Op) bool {
	return lockmodel.SplitAcquireExpire(op) || inAcquireSequence(op) || acquiredInSameCall(op)
}

// wording names what op does: an EXPIRE extends the holder's lock, a SET
// with a TTL overwrites it.
func wording(op *lockmodel.Op) ownerless.Wording {
	w := ownerless.Wording{
		Verb:   " renews lock key ",
		Detail: " with a new TTL",
		How:    " without checking the owner token",
		Cost:   "this extends their lock; renew with a compare-and-expire such as safelock.Refresh",
	}
	switch op.Kind {
	case rediscall.Set:
		w.Verb, w.Cost = " rewrites lock key ", "this overwrites their lock; renew with a compare-and-expire such as safelock.Refresh"
	case rediscall.Script:
		w.How = " in a script that does not compare the owner token"
	}
	return w
}

// renewsKey reports whether op sets a new expiry on its key: an expire
// command, an unconditional SET with a TTL, or a script that expires
// KEYS[1] on some path without comparing the owner (and is not itself an
// acquire script).
func renewsKey(op *lockmodel.Op) bool {
	switch op.Kind {
	case rediscall.Expire:
		return true
	case rediscall.Set:
		return lockmodel.HasTTLArg(op)
	case rediscall.Script:
		if op.Lua == nil || lockmodel.IsAcquire(op) {
			return false
		}
		guarded, ok := op.Lua.ExpiresKey(1)
		return ok && !guarded
	}
	return false
}

// inAcquireSequence reports whether op follows an acquire of its key in
// the same function and in the same loop iteration and goroutine: the
// expire then belongs to the acquire (redundant or setnxexpire's), while a
// renewal in a loop or function literal the acquire is not in is a
// watchdog's.
func inAcquireSequence(op *lockmodel.Op) bool {
	ctx := innermostRepeat(op.Stack)
	for _, acq := range op.Func.Ops {
		if !lockmodel.IsAcquire(acq) || acq.KeyID != op.KeyID || !lockmodel.Before(acq, op) {
			continue
		}
		if ctx == nil || slices.Contains(acq.Stack, ctx) {
			return true
		}
	}
	return false
}

// acquiredInSameCall reports whether op is issued through a call of a
// wrapper that also acquires the key in that call (a SetNX helper that
// sends SETNX then EXPIRE): the expire is the wrapper's acquire sequence,
// judged in the wrapper, not a renewal at the call.
func acquiredInSameCall(op *lockmodel.Op) bool {
	if op.Via == nil {
		return false
	}
	for _, a := range op.Func.Ops {
		if a.Expr == op.Expr && a.KeyID == op.KeyID && lockmodel.IsAcquire(a) {
			return true
		}
	}
	return false
}

// innermostRepeat returns the innermost loop or function literal of stack.
func innermostRepeat(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.GoStmt:
			return stack[i] // a go statement runs its call in another goroutine: go renewLock(key)

		}
	}
	return nil
}
