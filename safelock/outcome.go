package safelock

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// conditionalOp sends one owner-checked command and reports whether Redis
// applied it (reply 1 or OK) or refused it (reply 0 or nil).
type conditionalOp func(ctx context.Context) (applied bool, err error)

// maxResolveRounds bounds how often an unknown outcome is re-read and the
// command re-sent before giving up with ErrUnknownOutcome.
const maxResolveRounds = 3

// settle runs op and turns its reply into the package's error vocabulary. A
// transport failure leaves the outcome unknown; settle then reads the key:
// still our token means a release did not apply and a refresh may or may not
// have (re-sending it is idempotent), so the same command is sent again;
// another value or no key means the lease is gone. It never sends an
// unconditional command.
func settle(ctx context.Context, client Client, key, token string, op conditionalOp) error {
	applied, err := op(ctx)
	for round := 0; ; round++ {
		if err == nil {
			if applied {
				return nil
			}
			return ErrNotOwner
		}
		if !isUnknownOutcome(err) {
			return err
		}
		if round == maxResolveRounds || ctx.Err() != nil {
			return fmt.Errorf("%w: %w", ErrUnknownOutcome, err)
		}
		ours, gerr := holdsToken(ctx, client, key, token)
		switch {
		case gerr != nil:
			err = gerr
			if !isUnknownOutcome(gerr) {
				return fmt.Errorf("%w: reading the key back: %w", ErrUnknownOutcome, gerr)
			}
		case !ours:
			return fmt.Errorf("%w: the key no longer holds our token after: %w", ErrLeaseLost, err)
		default:
			applied, err = op(ctx)
		}
	}
}

// holdsToken reports whether key currently holds token.
func holdsToken(ctx context.Context, client Client, key, token string) (bool, error) {
	v, err := client.Get(ctx, key).Result()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return v == token, nil
}

// isUnknownOutcome reports whether err leaves it open whether the server ran
// the command: anything but a server reply (timeouts, resets, EOF, a
// cancelled context after the write). Server replies, including redis.Nil,
// are definite answers.
func isUnknownOutcome(err error) bool {
	if err == nil {
		return false
	}
	var rerr redis.Error
	return !errors.As(err, &rerr)
}
