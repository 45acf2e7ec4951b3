// Package heldscripts releases locks with scripts that delete without
// comparing the owner token, held in a field the constructor sets, in a
// local, and in a .lua file read by //go:embed.
package heldscripts

import (
	"context"
	_ "embed"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

//go:embed release.lua
var releaseLua string

// QueueLock releases with the embedded script, held in a field.
type QueueLock struct {
	rdb     *redis.Client
	key     string
	waiters string
	token   string
	release *redis.Script
}

func NewQueueLock(rdb *redis.Client, name string) *QueueLock {
	return &QueueLock{
		rdb:     rdb,
		key:     "lock:" + name,
		waiters: "lock:" + name + ":waiters",
		token:   uuid.NewString(),
		release: redis.NewScript(releaseLua),
	}
}

func (q *QueueLock) TryLock(ctx context.Context) (bool, error) {
	return q.rdb.SetNX(ctx, q.key, q.token, 10*time.Second).Result()
}

func (q *QueueLock) Unlock(ctx context.Context) error {
	return q.release.Run(ctx, q.rdb, []string{q.key, q.waiters}).Err() // want `Run deletes lock key q.key \(acquired by SetNX at heldscripts.go:\d+\) in a script that does not compare the owner token`
}

// Lock releases with a source built into a local.
type Lock struct {
	rdb   redis.Cmdable
	key   string
	token string
}

func (l *Lock) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, time.Minute).Result()
}

func (l *Lock) Release(ctx context.Context) error {
	src := `return redis.call("del", KEYS[1])`
	return l.rdb.Eval(ctx, src, []string{l.key}).Err() // want `Eval deletes lock key l.key \(acquired by SetNX at heldscripts.go:\d+\) in a script that does not compare the owner token`
}
