// Package v8 waits for go-redis v8 locks.
package v8

import (
	"context"
	"errors"
	"time"

	"github.com/go-redis/redis/v8"
)

var errGiveUp = errors.New("v8: gave up")

type Mutex struct {
	client *redis.Client
	name   string
	value  string
}

func (m *Mutex) key() string { return "mutex:" + m.name }

// Acquire tries a thousand times in a row.
func (m *Mutex) Acquire(ctx context.Context) error {
	for i := 0; i < 1000; i++ { // want `loop retries SetNX on lock key m.key\(\) \(at v8.go:25\) until it succeeds with nothing that waits`
		if m.client.SetNX(ctx, m.key(), m.value, 10*time.Second).Val() {
			return nil
		}
	}
	return errGiveUp
}

// AcquireWait selects on the context and a timer.
func (m *Mutex) AcquireWait(ctx context.Context) error {
	for { // ok: waits on time.After, returns on ctx.Done()
		ok, err := m.client.SetNX(ctx, m.key(), m.value, 10*time.Second).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// AcquireBlocking has a pause and nothing else.
func (m *Mutex) AcquireBlocking(ctx context.Context) {
	for { // want `loop retries SetNX on lock key m.key\(\) \(at v8.go:53\) until it succeeds with no other way out`
		if ok, _ := m.client.SetNX(ctx, m.key(), m.value, 10*time.Second).Result(); ok {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (m *Mutex) Release(ctx context.Context) error {
	return m.client.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{m.key()}, m.value).Err()
}
