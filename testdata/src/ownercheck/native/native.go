// Package native uses Redis 8.4's conditional commands: SET IFEQ to renew
// and DELEX IFEQ to release, both owner-checked on the server.
package native

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrLost = errors.New("native: lock lost")

type Lease struct {
	rdb   redis.UniversalClient
	key   string
	token string
	ttl   time.Duration
}

func Acquire(ctx context.Context, rdb redis.UniversalClient, name string, ttl time.Duration) (*Lease, error) {
	l := &Lease{rdb: rdb, key: "lease:" + name, token: uuid.NewString(), ttl: ttl}
	ok, err := rdb.SetNX(ctx, l.key, l.token, ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrLost
	}
	return l, nil
}

func (l *Lease) Lock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// Renew rewrites the token with a new TTL only if it is still ours.
func (l *Lease) Renew(ctx context.Context) error {
	err := l.rdb.SetIFEQ(ctx, l.key, l.token, l.token, l.ttl).Err()
	if errors.Is(err, redis.Nil) {
		return ErrLost
	}
	return err
}

// RenewArgs does the same through SetArgs.
func (l *Lease) RenewArgs(ctx context.Context) error {
	err := l.rdb.SetArgs(ctx, l.key, l.token, redis.SetArgs{Mode: "IFEQ", MatchValue: l.token, TTL: l.ttl}).Err()
	if errors.Is(err, redis.Nil) {
		return ErrLost
	}
	return err
}

// Unlock deletes only if the key still holds our token.
func (l *Lease) Unlock(ctx context.Context) error {
	n, err := l.rdb.DelExArgs(ctx, l.key, redis.DelExArgs{Mode: "IFEQ", MatchValue: l.token}).Result()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLost
	}
	return nil
}
