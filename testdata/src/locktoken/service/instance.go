package service

import (
	"bytes"
	"context"
	"runtime"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// instanceID identifies this process. It is random, but drawn once: every
// acquisition of the process writes it.
var instanceID = uuid.NewString()

// Worker takes a per-queue lock.
type Worker struct {
	rdb redis.UniversalClient
	key string
}

func NewWorker(rdb redis.UniversalClient, queue string) *Worker {
	return &Worker{rdb: rdb, key: "queue-lock:" + queue}
}

func (w *Worker) Drain(ctx context.Context) error {
	ok, err := w.rdb.SetNX(ctx, w.key, instanceID, 30*time.Second).Result() // want `SetNX writes package variable instanceID \(set once when the package initialises\) \(instance.go:16\) as the value of lock key w.key`
	if err != nil || !ok {
		return err
	}
	return w.release(ctx, instanceID)
}

func (w *Worker) release(ctx context.Context, owner string) error {
	n, err := w.rdb.Eval(ctx, releaseLua, []string{w.key}, owner).Int()
	if err == nil && n == 0 {
		err = errNotOwner
	}
	return err
}

// goroutineID parses the current goroutine's id from its stack header.
func goroutineID() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	field := bytes.Fields(buf[:n])[1]
	id, _ := strconv.ParseUint(string(field), 10, 64)
	return id
}

// Reentrant marks the lock with the goroutine that holds it.
func (w *Worker) Reentrant(ctx context.Context) error {
	owner := "g" + strconv.FormatUint(goroutineID(), 10)
	ok, err := w.rdb.SetNX(ctx, w.key, owner, 30*time.Second).Result() // want `SetNX writes the goroutine id read from runtime.Stack\(\) \(instance.go:47\) as the value of lock key w.key`
	if err != nil || !ok {
		return err
	}
	return w.release(ctx, owner)
}
