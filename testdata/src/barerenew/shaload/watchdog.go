// Package shaload acquires through a loaded script run by an EvalSha
// wrapper, and keeps the lock alive with a bare PEXPIRE.
package shaload

import (
	"context"
	"time"

	"example.com/fixtures/releaseresult/shaload/scripts"
	"github.com/redis/go-redis/v9"
)

type Mutex struct {
	rdb   *redis.Client
	key   string
	token string
}

func (m *Mutex) evalSha(ctx context.Context, sha string, keys []string, args ...any) (any, error) {
	return m.rdb.EvalSha(ctx, sha, keys, args...).Result()
}

func (m *Mutex) Lock(ctx context.Context) bool {
	res, err := m.evalSha(ctx, scripts.Acquire, []string{m.key}, m.token, 30000)
	if err != nil || res == nil {
		return false
	}
	go m.watchDog(ctx)
	return true
}

func (m *Mutex) watchDog(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(10 * time.Second):
			m.rdb.PExpire(ctx, m.key, 30*time.Second) // want `PExpire renews lock key m.key with a new TTL \(acquired by evalSha \(EVALSHA at watchdog.go:20\) at watchdog.go:24\)`
		}
	}
}
