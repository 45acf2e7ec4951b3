// Package storedkey renews locks whose constructor acquires the key and
// stores it in the lock it returns.
package storedkey

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

type Lock struct {
	rdb   redis.Cmdable
	key   string
	token string
	ttl   time.Duration
}

func Obtain(ctx context.Context, rdb redis.Cmdable, job string, ttl time.Duration) (*Lock, bool) {
	key := "job:lock:" + job
	token := uuid.NewString()
	if ok, err := rdb.SetNX(ctx, key, token, ttl).Result(); err != nil || !ok {
		return nil, false
	}
	return &Lock{rdb: rdb, key: key, token: token, ttl: ttl}, true
}

// Refresh pushes the expiry out, whoever holds the key now.
func (l *Lock) Refresh(ctx context.Context) error {
	return l.rdb.PExpire(ctx, l.key, l.ttl).Err() // want `PExpire renews lock key l.key with a new TTL \(acquired by SetNX at storedkey.go:23\) without checking the owner token`
}

var refreshScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)

// RefreshChecked is the owner-checked renewal of the stored key.
func (l *Lock) RefreshChecked(ctx context.Context) (bool, error) {
	n, err := refreshScript.Run(ctx, l.rdb, []string{l.key}, l.token, l.ttl.Milliseconds()).Int()
	return n == 1, err
}
