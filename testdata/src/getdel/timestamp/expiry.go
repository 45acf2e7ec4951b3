// Package timestamp implements the old SETNX + GETSET lock whose value is
// its own expiry time: the value read is compared with the clock in Go,
// and the renewal after it races with every other client doing the same.
package timestamp

import (
	"context"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

type Mutex struct{ rdb redis.UniversalClient }

func (m *Mutex) Lock(ctx context.Context, key string, ttl time.Duration) bool {
	deadline := time.Now().Add(ttl).UnixNano()
	if m.rdb.SetNX(ctx, key, deadline, ttl).Val() {
		return true
	}
	v, err := m.rdb.Get(ctx, key).Result()
	if err != nil {
		return false
	}
	old, err := strconv.ParseInt(v, 10, 64)
	if err != nil || old > time.Now().UnixNano() {
		return false
	}
	m.rdb.GetSet(ctx, key, deadline)
	m.rdb.Expire(ctx, key, ttl) // want `Expire renews lock key passed to Mutex.Lock as key \(acquired by SetNX at expiry.go:18\) after Get at expiry.go:21 compared its value in Go`
	return true
}

// Limiter counts hits: an ordered compare of a counter is no lock.
type Limiter struct{ rdb *redis.Client }

func (l *Limiter) Reset(ctx context.Context, ip string, limit int64) {
	n, _ := l.rdb.Get(ctx, "hits:"+ip).Int64()
	if n > limit {
		l.rdb.Del(ctx, "hits:"+ip) // ok: not a lock
	}
}
