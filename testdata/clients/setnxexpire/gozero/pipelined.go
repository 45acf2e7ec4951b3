package gozero

import (
	"context"
	"time"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

// LockHeldPipeline queues SETNX and EXPIRE in a pipeline callback held
// in a local first: the same pipeline as an inline callback, so the
// EXPIRE still runs when the SETNX failed.
func LockHeldPipeline(ctx context.Context, rds *redis.Redis, name, token string) error {
	queue := func(p redis.Pipeliner) error {
		p.SetNX(ctx, "lock:held:"+name, token, 0)
		p.Expire(ctx, "lock:held:"+name, 30*time.Second) // want `Expire of "lock:held:" \+ name is queued in the same pipeline as SetNX`
		return nil
	}
	return rds.PipelinedCtx(ctx, queue)
}

// LockLocalFunc sends the two commands from a local function that is
// called, not handed to a pipeline: one after the other.
func LockLocalFunc(ctx context.Context, rds *redis.Redis, name, token string) {
	send := func() {
		if ok, _ := rds.SetnxCtx(ctx, "lock:local:"+name, token); ok {
			rds.ExpireCtx(ctx, "lock:local:"+name, 30) // want `^ExpireCtx sets the TTL of lock key "lock:local:" \+ name only after SetnxCtx acquired it`
		}
	}
	send()
}

// queueLock queues the pair on the pipeline it is handed, typed with
// go-zero's Pipeliner (an alias of go-redis's): queued, as inline.
func queueLock(ctx context.Context, p redis.Pipeliner, name, token string) {
	p.SetNX(ctx, "lock:queued:"+name, token, 0)
	p.Expire(ctx, "lock:queued:"+name, 30*time.Second) // want `Expire of "lock:queued:" \+ name is queued in the same pipeline as SetNX`
}

// LockQueued runs queueLock in a pipeline.
func LockQueued(ctx context.Context, rds *redis.Redis, name, token string) error {
	return rds.PipelinedCtx(ctx, func(p redis.Pipeliner) error {
		queueLock(ctx, p, name, token)
		return nil
	})
}
