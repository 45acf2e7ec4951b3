package ownerfix

import (
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// Remedy names, for messages, the owner-checked write that replaces op
// for its client, as the fixes write it: safelock.Release or
// safelock.Refresh, which take go-redis v9 clients, or a compare script
// in the client's own API for the others (redigo, rueidis, valkey-go,
// go-zero, older go-redis), which safelock cannot take. Through a
// wrapper, the wrapper's command's client decides.
func Remedy(op *lockmodel.Op, refresh bool) string {
	client := op.Client
	if op.Via != nil {
		client = op.Via.Client
	}
	switch {
	case client != rediscall.GoRedisV9 && refresh:
		return "a compare-and-expire script"
	case client != rediscall.GoRedisV9:
		return "a compare-and-delete script"
	case refresh:
		return "safelock.Refresh"
	}
	return "safelock.Release"
}

// RemedyKind is Remedy as "a compare-and-delete such as safelock.Release"
// for go-redis v9, where the kind of write comes first.
func RemedyKind(op *lockmodel.Op, refresh bool) string {
	r := Remedy(op, refresh)
	switch r {
	case "safelock.Release":
		return "a compare-and-delete such as " + r
	case "safelock.Refresh":
		return "a compare-and-expire such as " + r
	}
	return r
}
