package lockmodel

import (
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// SplitAcquireExpire reports whether op is the expire that setnxexpire
// reports: the first expire of the key after an acquire with no TTL in the
// same function. barerenew and getdel leave it to setnxexpire, so that one
// bug is reported once. The judgement needs it too, which is why it is
// here and not in setnxexpire (which imports the model): such an expire
// completes an acquire written in two steps and is no renewal evidence.
func SplitAcquireExpire(op *Op) bool {
	if op.Kind != rediscall.Expire || op.Key.ID == "" {
		return false
	}
	for _, acq := range op.Func.Ops {
		if acq.Kind != rediscall.Acquire || acq.TTLIs != rediscall.NoTTL || acq.Key.ID != op.Key.ID || !acq.Reportable() {
			continue
		}
		if ExpireAfter(acq) == op {
			return true
		}
	}
	return false
}

// ExpireAfter returns the first expire of acq's key that can run after acq
// in the same function, or nil.
func ExpireAfter(acq *Op) *Op {
	for _, op := range acq.Func.Ops {
		if op.Kind == rediscall.Expire && op.Key.ID == acq.Key.ID && Before(acq, op) {
			return op
		}
	}
	return nil
}
