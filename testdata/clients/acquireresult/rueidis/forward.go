package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

// kv sends the commands its callers build: each call sends the command
// it passes.
type kv struct {
	c rueidis.Client
}

func (k kv) do(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult {
	return k.c.Do(ctx, cmd)
}

// GateLock is a lock sent through kv.
type GateLock struct {
	kv    kv
	c     rueidis.Client
	key   string
	token string
}

// Enter drops the answer of the SET NX it sends through kv.
func (g *GateLock) Enter(ctx context.Context, ttl time.Duration, work func()) {
	g.kv.do(ctx, g.c.B().Set().Key(g.key).Value(g.token).Nx().Px(ttl).Build()) // want `do \(SET NX at forward.go:17\) acquires lock key g.key but never looks at whether it did \(its result is discarded\)`
	work()
}

// EnterChecked reads the error, which is rueidis.Nil when the lock is
// held: correct.
func (g *GateLock) EnterChecked(ctx context.Context, ttl time.Duration, work func()) error {
	if err := g.kv.do(ctx, g.c.B().Set().Key(g.key).Value(g.token).Nx().Px(ttl).Build()).Error(); err != nil {
		return err
	}
	work()
	return nil
}
