// Package rueidis renews locks without an owner check, and correctly.
package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

type Lock struct {
	c     rueidis.Client
	key   string
	token string
}

func (l *Lock) Lock(ctx context.Context) (bool, error) {
	return l.c.Do(ctx, l.c.B().Set().Key(l.key).Value(l.token).Nx().ExSeconds(10).Build()).AsBool()
}

// Refresh extends whoever holds the key.
func (l *Lock) Refresh(ctx context.Context) error {
	return l.c.Do(ctx, l.c.B().Expire().Key(l.key).Seconds(10).Build()).Error() // want `Expire renews lock key l.key with a new TTL \(acquired by Set at lock.go:18\) without checking the owner token`
}

var refresh = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)

// RefreshChecked is correct.
func (l *Lock) RefreshChecked(ctx context.Context, ttl time.Duration) (bool, error) {
	n, err := refresh.Exec(ctx, l.c, []string{l.key}, []string{l.token, "10000"}).AsInt64()
	return n == 1, err
}

func (l *Lock) Unlock(ctx context.Context) error {
	return l.c.Do(ctx, l.c.B().Delifeq().Key(l.key).Value(l.token).Build()).Error()
}
