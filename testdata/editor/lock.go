// Package editor is the fixture of leasevet's editor tests: a lock helper
// with classic bugs, opened in an editor through gopls.
package editor

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Locker takes and releases locks on Redis keys.
type Locker struct {
	rdb *redis.Client
}

// Acquire takes the lock in two commands: if the process dies between
// them, the lock never expires.
func (l *Locker) Acquire(ctx context.Context, name, token string, ttl time.Duration) (bool, error) {
	ok, err := l.rdb.SetNX(ctx, "lock:"+name, token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	l.rdb.Expire(ctx, "lock:"+name, ttl)
	return true, nil
}

// Release deletes the lock without checking that it is still ours.
func (l *Locker) Release(ctx context.Context, name string) error {
	return l.rdb.Del(ctx, "lock:"+name).Err()
}

// Describe has a mistake that gopls's own printf check reports, so that
// the editor shows gopls's diagnostics next to leasevet's.
func Describe(name string) string {
	return fmt.Sprintf("lock %d", name)
}
