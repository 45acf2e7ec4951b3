package splitttl

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Worker holds a lease it acquires through touch and keeps alive through
// the same helper from a heartbeat: there touch renews whoever holds the
// key.
type Worker struct {
	rdb   *redis.Client
	key   string
	token string
}

func (w *Worker) touch(ctx context.Context, ttl time.Duration) error {
	return w.rdb.Expire(ctx, w.key, ttl).Err() // want `Expire renews lock key w.key with a new TTL \(acquired by SetNX at heartbeat.go:24\) without checking the owner token`
}

func (w *Worker) Start(ctx context.Context, ttl time.Duration) (bool, error) {
	ok, err := w.rdb.SetNX(ctx, w.key, w.token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	if err := w.touch(ctx, ttl); err != nil {
		return false, err
	}
	go w.heartbeat(ctx, ttl)
	return true, nil
}

func (w *Worker) heartbeat(ctx context.Context, ttl time.Duration) {
	t := time.NewTicker(ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if w.touch(ctx, ttl) != nil {
				return
			}
		}
	}
}
