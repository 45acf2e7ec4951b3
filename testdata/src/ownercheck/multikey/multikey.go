// Package multikey releases a multi-key lock held in a slice with a
// compare-and-delete per key, and deletes a batch of cache keys (no lock)
// in a loop: nothing to report.
package multikey

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var errLost = errors.New("multikey: lock lost")

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

type MultiLock struct {
	rdb   *redis.Client
	keys  []string
	token string
}

func NewMultiLock(rdb *redis.Client, keys []string) *MultiLock {
	return &MultiLock{rdb: rdb, keys: keys, token: uuid.NewString()}
}

func (m *MultiLock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	for _, k := range m.keys {
		if ok, err := m.rdb.SetNX(ctx, k, m.token, ttl).Result(); err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

func (m *MultiLock) Unlock(ctx context.Context) error {
	for _, k := range m.keys {
		n, err := release.Run(ctx, m.rdb, []string{k}, m.token).Int()
		if err != nil {
			return err
		}
		if n == 0 {
			return errLost
		}
	}
	return nil
}

// Invalidate drops cached entries: plain writes and deletes, no lock.
func Invalidate(ctx context.Context, rdb *redis.Client, entries []string) error {
	for _, e := range entries {
		if err := rdb.Del(ctx, e).Err(); err != nil {
			return err
		}
	}
	return nil
}
