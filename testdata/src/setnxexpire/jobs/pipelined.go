package jobs

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// ReserveHeld queues both commands in a TxPipelined callback held in a
// local first: the same MULTI as an inline callback, so EXPIRE still runs
// when SETNX failed.
func ReserveHeld(ctx context.Context, rdb *redis.Client, seat string) error {
	key := "hold-lock:" + seat
	queue := func(pipe redis.Pipeliner) error {
		pipe.SetNX(ctx, key, "held", 0)
		pipe.Expire(ctx, key, 10*time.Second) // want `Expire of "hold-lock:" \+ seat is queued in the same pipeline as SetNX`
		return nil
	}
	_, err := rdb.TxPipelined(ctx, queue)
	return err
}

// ReserveDirect runs a local function on the client itself, not in a
// pipeline: the two commands are sent one after the other.
func ReserveDirect(ctx context.Context, rdb *redis.Client, seat string) {
	key := "direct-lock:" + seat
	send := func(c redis.Cmdable) {
		if c.SetNX(ctx, key, "held", 0).Val() {
			c.Expire(ctx, key, 10*time.Second) // want `^Expire sets the TTL of lock key "direct-lock:" \+ seat only after SetNX acquired it`
		}
	}
	send(rdb)
}

// ReserveSplit queues each command through a helper handed the pipeline:
// still one MULTI, so EXPIRE still runs when SETNX failed.
func ReserveSplit(ctx context.Context, rdb *redis.Client, seat string) error {
	key := "split-lock:" + seat
	pipe := rdb.TxPipeline()
	queueClaim(ctx, pipe, key)
	queueTTL(ctx, pipe, key)
	_, err := pipe.Exec(ctx)
	return err
}

func queueClaim(ctx context.Context, pipe redis.Pipeliner, key string) {
	pipe.SetNX(ctx, key, "held", 0)
}

func queueTTL(ctx context.Context, pipe redis.Pipeliner, key string) {
	pipe.Expire(ctx, key, 10*time.Second) // want `Expire of "split-lock:" \+ seat \(passed by ReserveSplit at pipelined.go:42\) is queued in the same pipeline as queueClaim \(pipelined.go:41\)`
}
