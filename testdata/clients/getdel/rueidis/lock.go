// Package rueidis compares the lock value in Go before deleting or renewing.
package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

// Unlock reads, compares and deletes in three steps.
func Unlock(ctx context.Context, c rueidis.Client, key, token string) error {
	v, err := c.Do(ctx, c.B().Get().Key(key).Build()).ToString()
	if err != nil {
		return err
	}
	if v == token {
		return c.Do(ctx, c.B().Del().Key(key).Build()).Error() // want `Del deletes lock key passed to Unlock as key after Get`
	}
	return nil
}

// Renew reads, compares and renews.
func Renew(ctx context.Context, c rueidis.Client, key, token string, ttl time.Duration) error {
	v, err := c.Do(ctx, c.B().Get().Key(key).Build()).ToString()
	if err != nil || v != token {
		return err
	}
	return c.Do(ctx, c.B().Pexpire().Key(key).Milliseconds(ttl.Milliseconds()).Build()).Error() // want `Pexpire renews lock key passed to Renew as key after Get`
}

// UnlockWatched compares inside a WATCH transaction on a dedicated
// connection: EXEC fails if the key changed after the WATCH.
func UnlockWatched(ctx context.Context, c rueidis.Client, key, token string) error {
	return c.Dedicated(func(d rueidis.DedicatedClient) error {
		d.Do(ctx, d.B().Watch().Key(key).Build())
		v, err := d.Do(ctx, d.B().Get().Key(key).Build()).ToString()
		if err != nil || v != token {
			return err
		}
		for _, r := range d.DoMulti(ctx, d.B().Multi().Build(), d.B().Del().Key(key).Build(), d.B().Exec().Build()) {
			if err := r.Error(); err != nil {
				return err
			}
		}
		return nil
	})
}

// UnlockScript is correct: compare and delete in one script.
func UnlockScript(ctx context.Context, c rueidis.Client, key, token string) (int64, error) {
	return c.Do(ctx, c.B().Eval().Script(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`).Numkeys(1).Key(key).Arg(token).Build()).AsInt64()
}
