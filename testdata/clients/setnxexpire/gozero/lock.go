// Package gozero holds split acquires written with go-zero's redis.
package gozero

import (
	"context"
	"errors"
	"time"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

var errBusy = errors.New("gozero: lock busy")

// Lock acquires with SETNX and sets the TTL, in seconds, afterwards.
func Lock(rds *redis.Redis, name, token string) error {
	ok, err := rds.Setnx("lock:"+name, token)
	if err != nil || !ok {
		return errBusy
	}
	rds.Expire("lock:"+name, 30) // want `Expire sets the TTL of lock key "lock:" \+ name only after Setnx acquired it`
	return nil
}

// LockCtx does the same with the Ctx forms.
func LockCtx(ctx context.Context, rds *redis.Redis, name, token string) error {
	ok, err := rds.SetnxCtx(ctx, "mutex:"+name, token)
	if err != nil || !ok {
		return errBusy
	}
	rds.ExpireCtx(ctx, "mutex:"+name, 30) // want `ExpireCtx sets the TTL of lock key "mutex:" \+ name only after SetnxCtx acquired it`
	return nil
}

// TryLock never sets a TTL.
func TryLock(rds *redis.Redis, name, token string) (bool, error) {
	return rds.Setnx("lock:forever:"+name, token) // want `Setnx acquires lock key "lock:forever:" \+ name with no TTL`
}

// LockOK is correct: SetnxEx is SET NX EX.
func LockOK(rds *redis.Redis, name, token string) (bool, error) {
	return rds.SetnxEx("lock:ok:"+name, token, 30)
}

// Dedup is a marker with no TTL, not a lock.
func Dedup(rds *redis.Redis, id string) (bool, error) {
	return rds.Setnx("processed:"+id, "1")
}

// LockPipelined queues SETNX and EXPIRE on go-zero's pipeline: the
// EXPIRE runs even when the SETNX failed.
func LockPipelined(ctx context.Context, rds *redis.Redis, name, token string) error {
	return rds.PipelinedCtx(ctx, func(p redis.Pipeliner) error {
		p.SetNX(ctx, "lock:pipe:"+name, token, 0)
		p.Expire(ctx, "lock:pipe:"+name, 30*time.Second) // want `Expire of "lock:pipe:" \+ name is queued in the same pipeline as SetNX`
		return nil
	})
}

// PipelinedOK queues an acquire with its TTL and a read: nothing to report.
func PipelinedOK(ctx context.Context, rds *redis.Redis, name, token string) error {
	return rds.PipelinedCtx(ctx, func(p redis.Pipeliner) error {
		p.SetNX(ctx, "lock:pipeok:"+name, token, 30*time.Second)
		p.Get(ctx, "lock:pipeok:"+name)
		return nil
	})
}
