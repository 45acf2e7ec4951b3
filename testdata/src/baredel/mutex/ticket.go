package mutex

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// TicketLock builds its key with a method: l.lockKey() in Acquire and in
// Release is the same key.
type TicketLock struct {
	rdb   *redis.Client
	id    string
	token string
}

func (l *TicketLock) lockKey() string { return "ticket-lock:" + l.id }

func (l *TicketLock) Acquire(ctx context.Context) (bool, error) {
	l.token = newToken()
	return l.rdb.SetNX(ctx, l.lockKey(), l.token, time.Minute).Result()
}

func (t *TicketLock) Release(ctx context.Context) error {
	return t.rdb.Del(ctx, t.lockKey()).Err() // want `Del releases lock key t.lockKey\(\) \(acquired by SetNX at ticket.go:22\) without checking the owner token`
}
