package defaults

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/leasevet/leasevet/safelock"
)

// ErrTaken says another holder has the ticket.
var ErrTaken = errors.New("ticket taken")

// A Ticket is a lock taken under the owner name its caller chose.
type Ticket struct {
	rdb   *redis.Client
	key   string
	owner string
}

// tryTicket takes the ticket on key for owner.
func tryTicket(ctx context.Context, rdb *redis.Client, key, owner string) (*Ticket, error) {
	t := &Ticket{rdb: rdb, key: key, owner: owner}
	ok, err := t.rdb.SetNX(ctx, t.key, t.owner, time.Minute).Result() // want `SetNX writes the constant "nightly-worker" \(tickets.go:44\)`
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrTaken
	}
	return t, nil
}

// Release gives the ticket back if it is still ours.
func (t *Ticket) Release(ctx context.Context) error {
	return safelock.Release(ctx, t.rdb, t.key, t.owner)
}

// RunNightly holds the nightly ticket while work runs: the owner name
// it passes is the lock's value, and the fix passes a fresh token.
func RunNightly(ctx context.Context, rdb *redis.Client, work func() error) error {
	t, err := tryTicket(ctx, rdb, "tickets:nightly", "nightly-worker")
	if err != nil {
		return err
	}
	if err := work(); err != nil {
		return errors.Join(err, t.Release(ctx))
	}
	return t.Release(ctx)
}

// A Badge is a lock taken under a constant name.
type Badge struct {
	rdb   *redis.Client
	key   string
	owner string
}

// tryBadge takes the badge lock on key for owner.
func tryBadge(ctx context.Context, rdb *redis.Client, key, owner string) (*Badge, error) {
	b := &Badge{rdb: rdb, key: key, owner: owner}
	ok, err := b.rdb.SetNX(ctx, b.key, b.owner, time.Minute).Result() // want `SetNX writes the constant "badge-holder" \(tickets.go:83\)`
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrTaken
	}
	return b, nil
}

// Release gives the badge back if it is still ours.
func (b *Badge) Release(ctx context.Context) error {
	return safelock.Release(ctx, b.rdb, b.key, b.owner)
}

// TakeFrontBadge and TakeBackBadge pass the same name: the literal is
// chosen in two places, and a fix in one would leave the other, so there
// is none.
func TakeFrontBadge(ctx context.Context, rdb *redis.Client) (*Badge, error) {
	return tryBadge(ctx, rdb, "badges:front", "badge-holder")
}

// TakeBackBadge takes the back door's badge lock.
func TakeBackBadge(ctx context.Context, rdb *redis.Client) (*Badge, error) {
	return tryBadge(ctx, rdb, "badges:back", "badge-holder")
}
