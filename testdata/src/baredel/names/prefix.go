package names

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// PrefixLocker keeps its key prefixes in fields its constructor sets:
// l.lockPrefix+name is "lock:"+name wherever it is written.
type PrefixLocker struct {
	rdb        *redis.Client
	lockPrefix string
	seenPrefix string
}

func NewPrefixLocker(rdb *redis.Client) *PrefixLocker {
	return &PrefixLocker{rdb: rdb, lockPrefix: "lock:", seenPrefix: "seen:"}
}

// Acquire stores the caller's token under the lock prefix.
func (l *PrefixLocker) Acquire(ctx context.Context, name, token string, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.lockPrefix+name, token, ttl).Result()
}

// Release deletes what Acquire set, whoever holds it now.
func (l *PrefixLocker) Release(ctx context.Context, name string) error {
	return l.rdb.Del(ctx, l.lockPrefix+name).Err() // want `Del releases lock key l.lockPrefix \+ name \(acquired by SetNX at prefix.go:24\) without checking the owner token`
}

// MarkSeen is a dedup marker under the other prefix: never released.
func (l *PrefixLocker) MarkSeen(ctx context.Context, id string) (bool, error) {
	return l.rdb.SetNX(ctx, l.seenPrefix+id, 1, time.Hour).Result() // ok: a dedup marker
}

// Forget drops a marker that was never a lock.
func (l *PrefixLocker) Forget(ctx context.Context, id string) {
	l.rdb.Del(ctx, l.seenPrefix+id) // ok: not a lock key
}
