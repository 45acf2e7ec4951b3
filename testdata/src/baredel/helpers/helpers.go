// Package helpers releases locks through helpers of its own that receive
// the key: a helper that only ever gets lock keys is reported once, at its
// command; so is a generic helper that also deletes cache keys, once,
// with the call that hands it a lock key as related information.
package helpers

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Jobs struct {
	rdb *redis.Client
}

// releaseLock is called only with lock keys.
func (j *Jobs) releaseLock(ctx context.Context, key string) {
	j.rdb.Del(ctx, key) // want `Del releases lock key "job:lock:" \+ name \(passed by Jobs.Run at helpers.go:34\) \(acquired by SetNX at helpers.go:30\) without checking the owner token`
}

// del deletes any key: cache entries and lock keys alike.
func (j *Jobs) del(ctx context.Context, key string) {
	j.rdb.Del(ctx, key) // want `Del releases lock key "sweep:lock:" \+ name \(passed by Jobs.Sweep at helpers.go:53\) \(acquired by SetNX at helpers.go:48\)`
}

func (j *Jobs) Run(ctx context.Context, name, token string, work func()) {
	key := "job:lock:" + name
	if !j.rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return
	}
	work()
	j.releaseLock(ctx, key) // ok: reported in releaseLock
}

func (j *Jobs) RunAgain(ctx context.Context, name, token string, work func()) {
	key := "job:lock:" + name
	if !j.rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return
	}
	defer j.releaseLock(ctx, key) // ok: reported in releaseLock
	work()
}

func (j *Jobs) Sweep(ctx context.Context, name, token string, work func()) {
	key := "sweep:lock:" + name
	if !j.rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return
	}
	work()
	j.del(ctx, "cache:"+name)
	j.del(ctx, key) // ok: reported in del
}
