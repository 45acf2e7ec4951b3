package v9

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// SpinHeld holds the command in a local before reading its answer: the
// same spin as Spin.
func (l *Lock) SpinHeld(ctx context.Context) {
	for { // want `loop retries SetNX on lock key l.key \(at held.go:14\) until it succeeds with nothing that waits` `with no other way out`
		cmd := l.rdb.SetNX(ctx, l.key, l.token, l.ttl)
		if cmd.Val() {
			break
		}
	}
}

// SpinHeldResult reads the held command's answer into a local.
func (l *Lock) SpinHeldResult(ctx context.Context) {
	for { // want `loop retries SetNX on lock key l.key \(at held.go:24\) until it succeeds with nothing that waits` `with no other way out`
		cmd := l.rdb.SetNX(ctx, l.key, l.token, l.ttl)
		ok, _ := cmd.Result()
		if ok {
			break
		}
	}
}

// WaitHeld waits between attempts and stops when ctx is done: a bounded
// retry loop, whatever holds the command.
func (l *Lock) WaitHeld(ctx context.Context) error {
	for {
		cmd := l.rdb.SetNX(ctx, l.key, l.token, l.ttl)
		ok, err := cmd.Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// statusErr reads only the command's error.
func statusErr(cmd *redis.StatusCmd) error { return cmd.Err() }

// SpinHeldErr hands the held SET NX to statusErr: a key already held
// answers redis.Nil, an error, so the loop reads the answer there, and
// spins as SpinHeld does.
func (l *Lock) SpinHeldErr(ctx context.Context) {
	for { // want `loop retries SetArgs on lock key l.key \(at held.go:60\) until it succeeds with nothing that waits` `with no other way out`
		cmd := l.rdb.SetArgs(ctx, l.key, l.token, redis.SetArgs{Mode: "NX", TTL: l.ttl})
		if statusErr(cmd) == nil {
			break
		}
	}
}
