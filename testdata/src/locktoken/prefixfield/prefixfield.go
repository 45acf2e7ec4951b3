// Package prefixfield keeps its key prefixes in fields the constructor
// sets: a dedup marker under one of them is no lock, whatever the type
// holding the prefix is called.
package prefixfield

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotHeld = errors.New("prefixfield: lock not held")

var unlock = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type JobLocker struct {
	rdb        *redis.Client
	lockPrefix string
	seenPrefix string
}

func NewJobLocker(rdb *redis.Client) *JobLocker {
	return &JobLocker{rdb: rdb, lockPrefix: "lock:job:", seenPrefix: "seen:job:"}
}

// Acquire writes the same value for every client.
func (l *JobLocker) Acquire(ctx context.Context, name string) (bool, error) {
	return l.rdb.SetNX(ctx, l.lockPrefix+name, "locked", time.Minute).Result() // want `SetNX writes the constant "locked" \(prefixfield.go:30\) as the value of lock key l.lockPrefix \+ name`
}

// Release compares with the constant Acquire wrote.
func (l *JobLocker) Release(ctx context.Context, name string) error {
	n, err := unlock.Run(ctx, l.rdb, []string{l.lockPrefix + name}, "locked").Int()
	if err == nil && n == 0 {
		err = ErrNotHeld
	}
	return err
}

// MarkSeen records a job id once: a dedup marker, never released.
func (l *JobLocker) MarkSeen(ctx context.Context, id string) (bool, error) {
	return l.rdb.SetNX(ctx, l.seenPrefix+id, 1, time.Hour).Result() // ok: a dedup marker
}
