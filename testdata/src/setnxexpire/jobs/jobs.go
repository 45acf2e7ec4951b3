// Package jobs takes locks through interface-typed clients, a cluster
// client and pipelines.
package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

const lockTTL = 30 * time.Second

// Runner holds a UniversalClient, as services configured for either a
// single node or a cluster do.
type Runner struct {
	rdb redis.UniversalClient
}

func (r *Runner) Run(ctx context.Context, job string, work func()) error {
	key := fmt.Sprintf("job:%s:mutex", job)
	ok, err := r.rdb.SetNX(ctx, key, "1", 0).Result()
	if err != nil || !ok {
		return err
	}
	r.rdb.PExpire(ctx, key, lockTTL) // want `PExpire sets the TTL of lock key fmt.Sprintf\("job:%s:mutex", job\) only after SetNX acquired it \(jobs.go:23\)`
	defer r.rdb.Del(ctx, key)
	work()
	return nil
}

// acquire takes a Cmdable, as helpers shared by clients and pipelines do.
func acquire(ctx context.Context, c redis.Cmdable, name string, ttl time.Duration) bool {
	key := "lock:" + name
	if !c.SetNX(ctx, key, "owner", 0).Val() {
		return false
	}
	c.Expire(ctx, key, ttl) // want `Expire sets the TTL of lock key "lock:" \+ name only after SetNX acquired it`
	return true
}

// Sweep runs on a cluster.
func Sweep(ctx context.Context, cc *redis.ClusterClient, shard int) {
	key := fmt.Sprintf("sweep-lock:%d", shard)
	if cc.SetNX(ctx, key, "sweeper", 0).Val() {
		cc.Expire(ctx, key, time.Minute) // want `Expire sets the TTL of lock key fmt.Sprintf\("sweep-lock:%d", shard\) only after SetNX acquired it`
	}
}

// Reserve queues both commands in one MULTI: EXPIRE runs even when SETNX
// failed.
func Reserve(ctx context.Context, rdb *redis.Client, seat string) (bool, error) {
	key := "seat-lock:" + seat
	pipe := rdb.TxPipeline()
	got := pipe.SetNX(ctx, key, "held", 0)
	pipe.Expire(ctx, key, 10*time.Second) // want `Expire of "seat-lock:" \+ seat is queued in the same pipeline as SetNX \(jobs.go:56\): it runs even when the SETNX failed, so a client that did not get the lock extends the holder's lock; put the TTL into the acquire`
	if _, err := pipe.Exec(ctx); err != nil {
		return false, err
	}
	return got.Val(), nil
}

// ReserveBatch does the same inside TxPipelined.
func ReserveBatch(ctx context.Context, rdb *redis.Client, seat string) error {
	key := "seat-lock:" + seat
	_, err := rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.SetNX(ctx, key, "held", 0)
		pipe.Expire(ctx, key, lockTTL) // want `Expire of "seat-lock:" \+ seat is queued in the same pipeline as SetNX`
		return nil
	})
	return err
}

// Release lets the acquire above count as a lock (lock evidence).
func Release(ctx context.Context, c redis.Cmdable, name string) {
	c.Del(ctx, "lock:"+name)
}

func sweepRelease(ctx context.Context, cc *redis.ClusterClient, shard int) {
	cc.Del(ctx, fmt.Sprintf("sweep-lock:%d", shard))
}

var _ = acquire
var _ = sweepRelease
