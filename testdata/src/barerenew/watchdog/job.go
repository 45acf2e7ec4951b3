package watchdog

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

const pexpireAny = `return redis.call("pexpire", KEYS[1], ARGV[1])`

var keepAlive = redis.NewScript(pexpireAny)

// RunJob acquires, renews from a goroutine and releases; the renewal in
// the goroutine is a watchdog's, outside the acquire sequence.
func RunJob(ctx context.Context, rdb *redis.Client, id string, work func(context.Context) error) error {
	key := "job:" + id + ":lock"
	tok := token()
	ok, err := rdb.SetNX(ctx, key, tok, 10*time.Second).Result()
	if err != nil || !ok {
		return ErrHeld
	}
	rdb.Expire(ctx, key, 10*time.Second) // ok: part of the acquire sequence
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(3 * time.Second):
				keepAlive.Run(ctx, rdb, []string{key}, 10000) // want `Run renews lock key "job:" \+ id \+ ":lock" with a new TTL \(acquired by SetNX at job.go:19\) in a script that does not compare the owner token`
			}
		}
	}()
	if err := work(ctx); err != nil {
		return err
	}
	return safeRelease(ctx, rdb, key, tok)
}

const release = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

// safeRelease is an owner-checked compare-and-delete that reports a lost lock.
func safeRelease(ctx context.Context, rdb redis.Scripter, key, tok string) error {
	n, err := rdb.Eval(ctx, release, []string{key}, tok).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrHeld
	}
	return nil
}
