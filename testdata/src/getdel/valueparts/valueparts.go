// Package valueparts stores more than the owner in the lock value (the
// owner and the time it was taken, a prefix naming the service) and
// compares only a part of it in Go before the DEL or EXPIRE: still a
// check-then-act release, reported as get-del and get-expire. The token
// compared is not the whole value, so there is no compare-and-delete to
// offer as a fix.
package valueparts

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("valueparts: not the owner")

type Locker struct {
	rdb    *redis.Client
	nodeID string
}

func NewLocker(rdb *redis.Client) *Locker {
	return &Locker{rdb: rdb, nodeID: uuid.NewString()}
}

// Lock stores "node::unix-time".
func (l *Locker) Lock(ctx context.Context, key string) (bool, error) {
	value := l.nodeID + "::" + strconv.FormatInt(time.Now().Unix(), 10)
	return l.rdb.SetNX(ctx, key, value, 15*time.Second).Result()
}

// Unlock splits the value and compares its owner field.
func (l *Locker) Unlock(ctx context.Context, key string) error {
	value, err := l.rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	fields := strings.Split(value, "::")
	if fields[0] != l.nodeID {
		return ErrNotOwner
	}
	return l.rdb.Del(ctx, key).Err() // want `Del deletes lock key passed to Locker.Unlock as key \(acquired by SetNX at valueparts.go:\d+\) after Get at valueparts.go:\d+ compared its value in Go`
}

// Extend tests the owner as a prefix of the value.
func (l *Locker) Extend(ctx context.Context, key string) error {
	value, err := l.rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	if !strings.HasPrefix(value, l.nodeID+"::") {
		return ErrNotOwner
	}
	return l.rdb.Expire(ctx, key, 15*time.Second).Err() // want `Expire renews lock key passed to Locker.Extend as key \(acquired by SetNX at valueparts.go:\d+\) after Get at valueparts.go:\d+ compared its value in Go`
}

// Worker keeps a service prefix in front of its token.
type Worker struct {
	rdb   redis.Cmdable
	key   string
	token string
}

func (w *Worker) Acquire(ctx context.Context) (bool, error) {
	return w.rdb.SetNX(ctx, w.key, "worker:"+w.token, time.Minute).Result()
}

func (w *Worker) Release(ctx context.Context) error {
	held := w.rdb.Get(ctx, w.key).Val()
	owner := strings.TrimPrefix(held, "worker:")
	if owner != w.token {
		return ErrNotOwner
	}
	return w.rdb.Del(ctx, w.key).Err() // want `Del deletes lock key w.key \(acquired by SetNX at valueparts.go:\d+\) after Get at valueparts.go:\d+ compared its value in Go`
}
