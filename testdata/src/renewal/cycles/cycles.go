// Package cycles keeps a lock alive through helpers that call each other:
// a renewal that retries through a second helper which calls it back, a
// release that retries by calling itself, and a watchdog whose renewal
// reaches its own release. Every walk over these calls ends.
package cycles

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrLost = errors.New("cycles: lock lost")

var (
	refresh = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)
	release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
)

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
	done  chan struct{}
}

func New(rdb *redis.Client, name, token string, ttl time.Duration) *Lock {
	return &Lock{rdb: rdb, key: "lock:" + name, token: token, ttl: ttl}
}

func (l *Lock) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// extend renews, and on a transient error retries through extendLater,
// which calls extend again.
func (l *Lock) extend(ctx context.Context, tries int) error {
	n, err := refresh.Run(ctx, l.rdb, []string{l.key}, l.token, l.ttl.Milliseconds()).Int()
	if err != nil && tries > 0 {
		return l.extendLater(ctx, tries-1)
	}
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

func (l *Lock) extendLater(ctx context.Context, tries int) error {
	time.Sleep(10 * time.Millisecond)
	return l.extend(ctx, tries)
}

// unlock releases, and retries by calling itself.
func (l *Lock) unlock(ctx context.Context, tries int) error {
	n, err := release.Run(ctx, l.rdb, []string{l.key}, l.token).Int()
	if err != nil && tries > 0 {
		return l.unlock(ctx, tries-1)
	}
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

// keep renews until done is closed; a lost renewal releases, through
// unlock, and ends the watchdog.
func (l *Lock) keep(ctx context.Context) {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-l.done:
			return
		case <-t.C:
			if err := l.extend(ctx, 3); err != nil {
				_ = l.unlock(ctx, 3)
				return
			}
		}
	}
}

func (l *Lock) Start(ctx context.Context) {
	l.done = make(chan struct{})
	go l.keep(ctx)
}

// Stop releases while the watchdog may still renew.
func (l *Lock) Stop(ctx context.Context) error {
	err := l.unlock(ctx, 3) // want `Lock.Stop releases lock key l.key \(unlock \(EVALSHA at cycles.go:58\)\) before it stops the watchdog started at cycles.go:88`
	close(l.done)
	return err
}

// StopFirst stops the watchdog, then releases.
func (l *Lock) StopFirst(ctx context.Context) error {
	close(l.done)
	return l.unlock(ctx, 3) // ok: stopped first
}
