// Package checkdel releases a go-redis v9 lock the way many services do:
// GET the value, compare it with the token in Go, then DEL.
package checkdel

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var (
	ErrNotHeld = errors.New("checkdel: lock not held")
	ErrTaken   = errors.New("checkdel: lock taken")
)

type DistLock struct {
	client *redis.Client
	key    string
	value  string
	expiry time.Duration
}

func NewDistLock(client *redis.Client, key string, expiry time.Duration) *DistLock {
	return &DistLock{client: client, key: key, value: uuid.NewString(), expiry: expiry}
}

func (d *DistLock) TryLock(ctx context.Context) error {
	ok, err := d.client.SetNX(ctx, d.key, d.value, d.expiry).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrTaken
	}
	return nil
}
