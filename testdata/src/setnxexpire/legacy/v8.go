// Package legacy holds locks written against older clients: go-redis v8,
// go-redis v6 (no context) and redigo.
package legacy

import (
	"context"
	"time"

	redisv8 "github.com/go-redis/redis/v8"
)

type Mutex struct {
	rdb   *redisv8.Client
	name  string
	token string
}

func (m *Mutex) Lock(ctx context.Context, ttl time.Duration) bool {
	if !m.rdb.SetNX(ctx, m.name, m.token, 0).Val() {
		return false
	}
	m.rdb.Expire(ctx, m.name, ttl) // want `Expire sets the TTL of lock key m.name only after SetNX acquired it`
	return true
}

func (m *Mutex) Unlock(ctx context.Context) {
	m.rdb.Del(ctx, m.name)
}
