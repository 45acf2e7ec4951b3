// Package watchdog keeps a go-redis v9 lock alive from a goroutine, the
// way long jobs do, and renews it without looking at the owner.
package watchdog

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrHeld = errors.New("watchdog: lock held")

type Lease struct {
	rdb   redis.UniversalClient
	key   string
	token string
	ttl   time.Duration
}

func NewLease(rdb redis.UniversalClient, resource string, ttl time.Duration) *Lease {
	return &Lease{rdb: rdb, key: "lease:" + resource, ttl: ttl}
}

func token() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func (l *Lease) Acquire(ctx context.Context) error {
	l.token = token()
	err := l.rdb.SetArgs(ctx, l.key, l.token, redis.SetArgs{Mode: "NX", TTL: l.ttl}).Err()
	if errors.Is(err, redis.Nil) {
		return ErrHeld
	}
	return err
}

func (l *Lease) Release(ctx context.Context) error {
	return safeRelease(ctx, l.rdb, l.key, l.token)
}
