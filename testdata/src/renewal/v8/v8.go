// Package v8 runs a go-redis v8 watchdog stopped by a cancel function.
package v8

import (
	"context"
	"time"

	"github.com/go-redis/redis/v8"
)

const renewScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`

type Mutex struct {
	client *redis.Client
	key    string
	value  string
	cancel context.CancelFunc
}

func (m *Mutex) Lock(ctx context.Context) (bool, error) {
	ok, err := m.client.SetNX(ctx, m.key, m.value, 30*time.Second).Result()
	if err != nil || !ok {
		return ok, err
	}
	wctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	go m.watchdog(wctx) // ok: stops on wctx
	return true, nil
}

func (m *Mutex) watchdog(ctx context.Context) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			m.client.Eval(ctx, renewScript, []string{m.key}, m.value, 30000)
		}
	}
}

// Unlock deletes, then cancels the watchdog.
func (m *Mutex) Unlock(ctx context.Context) error {
	err := m.client.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{m.key}, m.value).Err() // want `Mutex.Unlock releases lock key m.key \(Eval\) before it stops the watchdog started at v8.go:27`
	m.cancel()
	return err
}

// UnlockInOrder cancels first.
func (m *Mutex) UnlockInOrder(ctx context.Context) error {
	m.cancel()
	return m.client.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{m.key}, m.value).Err() // ok
}

// Spawn starts a watchdog that never ends.
func (m *Mutex) Spawn(ctx context.Context) {
	go func() { // want `goroutine renews lock key m.key \(Eval at v8.go:64\) in a loop with no way to stop`
		t := time.NewTicker(10 * time.Second)
		for {
			select {
			case <-t.C:
				m.client.Eval(ctx, renewScript, []string{m.key}, m.value, 30000)
			}
		}
	}()
}
