package v9

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// A Guard takes a lock before it loads the settings the work needs.
type Guard struct {
	rdb   *redis.Client
	key   string
	token string
}

// TakeAndLoad reads the lock's error, then reuses err for the settings:
// the later err != redis.Nil is the GET's, not a way of letting a held
// lock through.
func (g *Guard) TakeAndLoad(ctx context.Context) (string, error) {
	err := g.rdb.SetArgs(ctx, g.key, g.token, redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err() // ok: redis.Nil (held) is returned as an error
	if err != nil {
		return "", err
	}
	settings, err := g.rdb.Get(ctx, "settings:"+g.key).Result()
	if err != nil && err != redis.Nil {
		return "", err
	}
	return settings, nil
}

// TakeAndTouch overwrites the lock's error with the touch's before
// anything reads it.
func (g *Guard) TakeAndTouch(ctx context.Context, work func() error) error {
	err := g.rdb.SetArgs(ctx, g.key, g.token, redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err() // want `SetArgs acquires lock key g.key but never looks at whether it did \(neither the reply nor the error is read\)`
	err = g.rdb.Set(ctx, "lastrun:"+g.key, time.Now().Unix(), 0).Err()
	if err != nil {
		return err
	}
	defer unlock.Run(context.WithoutCancel(ctx), g.rdb, []string{g.key}, g.token)
	return work()
}

// TakeChecked tells a held lock apart, then reuses err for the touch.
func (g *Guard) TakeChecked(ctx context.Context, work func() error) error {
	err := g.rdb.SetArgs(ctx, g.key, g.token, redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err() // ok: redis.Nil is acted on
	if errors.Is(err, redis.Nil) {
		return ErrLocked
	}
	if err != nil {
		return err
	}
	err = g.rdb.Set(ctx, "lastrun:"+g.key, time.Now().Unix(), 0).Err()
	if err != nil {
		return err
	}
	defer unlock.Run(context.WithoutCancel(ctx), g.rdb, []string{g.key}, g.token)
	return work()
}
