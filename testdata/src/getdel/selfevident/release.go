// Package selfevident releases and renews locks that another package
// acquires: a GET, a compare with the caller's token in Go and then a DEL
// or EXPIRE of the same key is a lock release written as check-then-act,
// whoever acquired the key (RULES.md, "Self-evident release").
package selfevident

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("selfevident: not the owner")

// Release returns early when the token differs, then deletes.
func Release(ctx context.Context, rdb redis.Cmdable, key, token string) error {
	v, err := rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	if v != token {
		return ErrNotOwner
	}
	return rdb.Del(ctx, key).Err() // want `Del deletes lock key passed to Release as key after Get at release.go:19 compared its value in Go, as a separate command`
}

// Extend renews inside the if.
func Extend(ctx context.Context, rdb redis.Cmdable, key, token string, ttl time.Duration) (bool, error) {
	if rdb.Get(ctx, key).Val() == token {
		return rdb.PExpire(ctx, key, ttl).Result() // want `PExpire renews lock key passed to Extend as key after Get at release.go:31 compared its value in Go`
	}
	return false, nil
}

// Exists only checks that the key is there: comparing with "" is not an
// owner check.
func ClearIfSet(ctx context.Context, rdb redis.Cmdable, key string) {
	if rdb.Get(ctx, key).Val() != "" {
		rdb.Del(ctx, key) // ok: no token compared
	}
}

// RefreshIfSame is a cache compare-and-set: a SET after a compare is no
// lock renewal unless the key is a lock.
func RefreshIfSame(ctx context.Context, rdb redis.Cmdable, key, old, val string) {
	if rdb.Get(ctx, key).Val() == old {
		rdb.Set(ctx, key, val, time.Minute) // ok: no lock
	}
}

// ReleaseWatched compares and deletes inside an optimistic transaction
// whose callback is a local variable: EXEC fails if the key changed.
func ReleaseWatched(ctx context.Context, rdb *redis.Client, key, token string) error {
	txf := func(tx *redis.Tx) error {
		if tx.Get(ctx, key).Val() != token {
			return ErrNotOwner
		}
		_, err := tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Del(ctx, key) // ok: a WATCH transaction
			return nil
		})
		return err
	}
	return rdb.Watch(ctx, txf, key)
}

// VerifyCode consumes a one-time code: read, compared with the user's
// input, deleted. No lock, release or token is named: not a lock.
func VerifyCode(ctx context.Context, rdb redis.Cmdable, phone, input string) bool {
	code, err := rdb.Get(ctx, "sms:"+phone).Result()
	if err != nil || code != input {
		return false
	}
	rdb.Del(ctx, "sms:"+phone) // ok: a one-time code
	return true
}
