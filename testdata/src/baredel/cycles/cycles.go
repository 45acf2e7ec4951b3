// Package cycles releases locks through helpers that call each other: the
// bare DEL is reported once, at the command, whatever cycle of helpers
// leads to it, and never at their calls.
package cycles

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Jobs struct {
	rdb *redis.Client
}

// drop deletes the key, and on an error retries through dropLater, which
// calls drop again.
func (j *Jobs) drop(ctx context.Context, key string, tries int) error {
	err := j.rdb.Del(ctx, key).Err() // want `Del releases lock key "job:lock:" \+ name \(passed by Jobs.RunOnce at cycles.go:54\) \(acquired by SetNX at cycles.go:51\) without checking the owner token`
	if err != nil && tries > 0 {
		return j.dropLater(ctx, key, tries-1)
	}
	return err
}

func (j *Jobs) dropLater(ctx context.Context, key string, tries int) error {
	time.Sleep(10 * time.Millisecond)
	return j.drop(ctx, key, tries)
}

// unlock retries by calling itself.
func (j *Jobs) unlock(ctx context.Context, key string, tries int) error {
	if err := j.drop(ctx, key, 0); err != nil && tries > 0 {
		return j.unlock(ctx, key, tries-1)
	}
	return nil
}

func (j *Jobs) Run(ctx context.Context, name, token string, work func()) error {
	key := "job:lock:" + name
	if !j.rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return nil
	}
	work()
	return j.unlock(ctx, key, 3) // ok: reported in drop
}

func (j *Jobs) RunOnce(ctx context.Context, name, token string, work func()) error {
	key := "job:lock:" + name
	if !j.rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return nil
	}
	defer j.dropLater(ctx, key, 1) // ok: reported in drop
	work()
	return nil
}
