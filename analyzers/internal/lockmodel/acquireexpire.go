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
		if acq.Kind != rediscall.Acquire || acq.TTLIs != rediscall.NoTTL || acq.Key.ID != op.Key.ID || !SplitPair(acq, op) {
			continue
		}
		if ExpireAfter(acq) == op {
			return true
		}
	}
	return false
}

// SplitPair reports whether the acquire acq and the expire exp after it
// are a split acquire of this package's: acq is judged here, or the two
// are not one call of one wrapper (a SETNX helper and an EXPIRE helper,
// whichever package judged their keys; no wrapper could report the
// split).
func SplitPair(acq, exp *Op) bool {
	return acq.Reportable() || acq.Via == nil || exp.Via == nil || acq.Expr != exp.Expr
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
