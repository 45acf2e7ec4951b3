// Package billing locks an invoice while it is charged. It compiles and is
// analysed: its acquire sets the TTL in a second command.
package billing

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Lock guards one invoice.
type Lock struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

// NewLock returns the lock of an invoice.
func NewLock(rdb *redis.Client, invoice, token string) *Lock {
	return &Lock{rdb: rdb, key: "billing:lock:" + invoice, token: token, ttl: time.Minute}
}

// TryLock takes the lock, then gives it a TTL.
func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	l.rdb.Expire(ctx, l.key, l.ttl)
	return true, nil
}
