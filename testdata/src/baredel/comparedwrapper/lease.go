// Package comparedwrapper releases leases through another package's
// helpers. A helper that compares the value in Go before its DEL is a
// check-then-act, get-del's to report at the call; only a helper that
// deletes without looking is a bare DEL here.
package comparedwrapper

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"example.com/fixtures/getdel/crosspkg/kv"
)

// ErrTaken is returned when another worker holds the lease.
var ErrTaken = errors.New("comparedwrapper: lease taken")

// Lease is a worker's claim on a job.
type Lease struct {
	rdb    *redis.Client
	key    string
	holder string
}

// Claim takes the lease on job for ttl.
func Claim(ctx context.Context, rdb *redis.Client, job string, ttl time.Duration) (*Lease, error) {
	l := &Lease{rdb: rdb, key: "lease:" + job, holder: uuid.NewString()}
	ok, err := rdb.SetNX(ctx, l.key, l.holder, ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrTaken
	}
	return l, nil
}

// Drop gives the lease up after checking the holder in Go.
func (l *Lease) Drop(ctx context.Context) error {
	_, err := kv.DeleteIfEquals(ctx, l.rdb, l.key, l.holder) // ok: get-del, not bare-del, reported by getdel
	return err
}

// DropWatched checks the holder in a Watch callback, then deletes at once.
func (l *Lease) DropWatched(ctx context.Context) error {
	return kv.DeleteWatched(ctx, l.rdb, l.key, l.holder) // ok: get-del, not bare-del, reported by getdel
}

// Abandon deletes the lease without looking at the holder.
func (l *Lease) Abandon(ctx context.Context) error {
	return kv.Delete(ctx, l.rdb, l.key) // want `Delete \(DEL at kv.go:70\) releases lock key l.key \(acquired by SetNX at lease.go:31\) without checking the owner token`
}
