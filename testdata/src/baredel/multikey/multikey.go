// Package multikey locks several resources at once: one key per resource,
// held in a slice, each taken with SETNX in a loop and deleted in a loop.
// The elements ranged over in Lock and in Unlock are the same keys.
package multikey

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// MultiLock holds the keys of every resource it locks.
type MultiLock struct {
	rdb   *redis.Client
	keys  []string
	token string
}

func NewMultiLock(rdb *redis.Client, resources ...string) *MultiLock {
	keys := make([]string, 0, len(resources))
	for _, r := range resources {
		keys = append(keys, "lock:"+r)
	}
	return &MultiLock{rdb: rdb, keys: keys, token: uuid.NewString()}
}

// Lock takes every key or none.
func (m *MultiLock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	for i, k := range m.keys {
		ok, err := m.rdb.SetNX(ctx, k, m.token, ttl).Result()
		if err == nil && ok {
			continue
		}
		for _, taken := range m.keys[:i] {
			m.rdb.Del(ctx, taken) // a sub-slice of the keys: not followed, silent
		}
		return false, err
	}
	return true, nil
}

// Unlock deletes every key without comparing the token.
func (m *MultiLock) Unlock(ctx context.Context) error {
	for _, k := range m.keys {
		if err := m.rdb.Del(ctx, k).Err(); err != nil { // want `Del releases lock key k \(each of m.keys\) \(acquired by SetNX at multikey.go:\d+\) without checking the owner token`
			return err
		}
	}
	return nil
}
