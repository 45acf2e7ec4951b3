package v9

import (
	"context"
	"time"
)

// SpinHeld holds the command in a local before reading its answer: the
// same spin as Spin.
func (l *Lock) SpinHeld(ctx context.Context) {
	for { // want `loop retries SetNX on lock key l.key \(at held.go:12\) until it succeeds with nothing that waits` `with no other way out`
		cmd := l.rdb.SetNX(ctx, l.key, l.token, l.ttl)
		if cmd.Val() {
			break
		}
	}
}

// SpinHeldResult reads the held command's answer into a local.
func (l *Lock) SpinHeldResult(ctx context.Context) {
	for { // want `loop retries SetNX on lock key l.key \(at held.go:22\) until it succeeds with nothing that waits` `with no other way out`
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
