// Package split takes a lock in two commands, each sent by a helper of
// another package: the split is the caller's.
package split

import (
	"context"
	"time"

	"example.com/clients/setnxexpire/split/rcmd"
	"github.com/redis/rueidis/rueidiscompat"
)

// Acquire claims the key, then gives it a TTL: a crash in between leaves
// it held forever.
func Acquire(ctx context.Context, c rueidiscompat.Cmdable, name, token string, ttl time.Duration) (bool, error) {
	ok, err := rcmd.Claim(ctx, c, name, token)
	if err != nil || !ok {
		return false, err
	}
	return true, rcmd.Lease(ctx, c, name, ttl) // want `Lease sets the TTL of lock key .* only after Claim acquired it`
}

// AcquireOK is correct: the TTL is in the claim.
func AcquireOK(ctx context.Context, c rueidiscompat.Cmdable, name, token string, ttl time.Duration) (bool, error) {
	return rcmd.ClaimFor(ctx, c, name, token, ttl)
}

// AcquireBoth calls the helper that splits the acquire itself: reported
// there, once.
func AcquireBoth(ctx context.Context, c rueidiscompat.Cmdable, name, token string, ttl time.Duration) (bool, error) {
	return rcmd.ClaimThenLease(ctx, c, name, token, ttl)
}
